/** The route of a pathname under the site's base URL, or null when it lies outside the site. */
export function routeOf(pathname: string, baseUrl: string): string | null {
  if (!pathname.startsWith(baseUrl)) return null;
  return `/${pathname.slice(baseUrl.length)}`.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
}

/** Paths with a file extension are files (Markdown sources, feeds, images), not pages. */
export function isPagePath(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]+$/i.test(last) || /\.html$/i.test(last);
}

/**
 * The clean address of a page opened through one of its `.html` forms (`/a.html`,
 * `/a/index.html`, served as they are by hosts without redirect rules), or null when the
 * address is clean already or names another page (a host's not-found page answering it).
 */
export function cleanAddress(pathname: string, route: string, baseUrl: string): string | null {
  if (!pathname.endsWith('.html')) return null;
  const at = routeOf(pathname, baseUrl);
  const bare = (r: string) => (r.length > 1 ? r.replace(/\/$/, '') : r);
  return at !== null && bare(at) === bare(route) ? baseUrl + route.slice(1) : null;
}
