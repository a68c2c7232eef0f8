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
