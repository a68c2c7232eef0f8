/** The `?highlight=` parameter a search hit's link carries to the page it opens. */
import { tokenize } from '../../../common/search/text.ts';

/** `url` with `?highlight=` carrying the matched terms, before its `#anchor`. */
export function highlightUrl(url: string, terms: string[]): string {
  const hash = url.indexOf('#');
  const [path, anchor] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  if (terms.length === 0) return url;
  return `${path}?highlight=${encodeURIComponent(terms.join(' '))}${anchor}`;
}

/** The terms of a `?highlight=` query string (at most 10, each at most 40 characters). */
export function highlightTerms(search: string): string[] {
  const value = new URLSearchParams(search).get('highlight');
  if (!value) return [];
  return tokenize(value)
    .filter((t) => t.length <= 40)
    .slice(0, 10);
}
