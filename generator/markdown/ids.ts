const TAG = /<([a-zA-Z][\w-]*)(\s[^>]*)?>/g;
const ATTR = /\s(id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(value: string): string {
  return value.replace(ENTITY, (_m, hex?: string, dec?: string, name?: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : NAMED[name!.toLowerCase()],
  );
}

/**
 * Every fragment target in a page's rendered HTML: `id` on any element (headings, custom
 * `{#id}`, raw HTML, tabs, footnotes) and `name` on `<a>`. Read from the HTML itself, so the
 * anchor check knows exactly the ids a browser will find.
 */
export function htmlIds(html: string): string[] {
  const ids = new Set<string>();
  for (const tag of html.matchAll(TAG)) {
    if (!tag[2]) continue;
    for (const attr of tag[2].matchAll(ATTR)) {
      if (attr[1].toLowerCase() === 'name' && tag[1].toLowerCase() !== 'a') continue;
      ids.add(decode(attr[2] ?? attr[3] ?? attr[4]));
    }
  }
  return [...ids];
}
