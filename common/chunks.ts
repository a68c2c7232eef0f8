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
