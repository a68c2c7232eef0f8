/** A string matched literally in a regular expression. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A snapshot's Markdown with its links into the latest docs (`](/docs/x)`, `[ref]: /docs/x`,
 * `href="/docs/x"`) moved into the new version (`/docs/1.2.0/x`), so that a version's pages
 * link within it. Fenced code is left as written, and so are links naming an older version
 * (`/docs/1.1.0/x`) on purpose.
 */
export function moveDocLinks(markdown: string, from: string, to: string, older: readonly string[]): string {
  const link = new RegExp(`(\\]\\(\\s*<?|^ {0,3}\\[[^\\]]+\\]:\\s*<?|\\bhref=["'])${literal(from)}(?=[/)#?"'>\\s]|$)(/[^/)#?"'>\\s]*)?`, 'g');
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence ? undefined : marker;
        return line;
      }
      if (fence) return line;
      return line.replace(link, (whole, before: string, segment?: string) => (segment && older.includes(segment.slice(1)) ? whole : `${before}${to}${segment ?? ''}`));
    })
    .join('\n');
}

/** One link moved into the new version as `moveDocLinks` moves links in Markdown; others kept. */
function moveHref(href: string, from: string, to: string, older: readonly string[]): string {
  const rest = href.startsWith(from) ? href.slice(from.length) : undefined;
  if (rest === undefined || (rest !== '' && !/^[/#?]/.test(rest))) return href;
  const segment = /^\/([^/#?]+)/.exec(rest)?.[1];
  return segment && older.includes(segment) ? href : `${to}${rest}`;
}

/**
 * The config's sidebars as JSON for `versioned_sidebars/`, their link items into the latest docs
 * moved into the new version, so that a reader of the version stays in it.
 */
export function versionedSidebars(sidebars: unknown, from: string, to: string, older: readonly string[]): string {
  return `${JSON.stringify(sidebars, (key, value: unknown) => (key === 'href' && typeof value === 'string' ? moveHref(value, from, to, older) : value), 2)}\n`;
}
