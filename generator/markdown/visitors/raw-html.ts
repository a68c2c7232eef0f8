import type { Html } from 'mdast';
import { secureHtml } from '../safety.ts';
import type { Visitor } from './context.ts';

const HTML_URL = /\s(?:href|src)\s*=\s*["']([^"']*)["']/g;

/** Raw HTML loses its dangerous URLs (each reported where it is written); the others are
 * recorded for the link check. */
export const visitRawHtml: Visitor<Html> = (html, _index, _parent, page) => {
  const removed = new Set<number>();
  const safe = secureHtml(html.value, (d) => {
    removed.add(d.offset);
    page.dangerous(d.url, d.scheme, page.inHtml(html, d.offset));
  });
  for (const m of html.value.matchAll(HTML_URL)) if (!removed.has(m.index + 1)) page.out.links.push({ url: m[1], ...page.inHtml(html, m.index + 1) });
  html.value = safe;
};
