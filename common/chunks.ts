/**
 * Where a route's chunk is published, derived from the route alone so the client needs no
 * manifest of the site: `/` → `_chunks/index.json`, `/docs/api/` → `_chunks/docs/api/index.json`,
 * `/docs/api/tokens` → `_chunks/docs/api/tokens.json`.
 */
export function chunkPathFor(route: string): string {
  const trimmed = route.replace(/^\/+/, '');
  if (trimmed === '' || trimmed.endsWith('/')) return `_chunks/${trimmed}index.json`;
  return `_chunks/${trimmed}.json`;
}

/**
 * Where a sidebar's top level is published (see SidebarMore), once for every page that shows
 * it. `_sidebars` is no route's chunk folder: a route's first segment would have to be it.
 */
export function sidebarListPath(sidebarId: string): string {
  return `_chunks/_sidebars/${sidebarId.replace(/[^A-Za-z0-9._-]/g, '-')}.json`;
}
