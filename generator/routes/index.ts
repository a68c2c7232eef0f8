import { normalizeRoute } from '../content/routes.ts';
import type { Diagnostic, Doc, PageSource, Redirect, Route, RouteTable, SiteContent } from '../model.ts';

/**
 * One winner per route, the first one: pages, then docs in id order. The losers are taken out of
 * the content before any stage emits a file, so the page, its `.md` source, its chunk, the sitemap,
 * the search index and llms.txt all come from the same source; `buildRoutes` reports them.
 */
export function firstPerRoute(pages: PageSource[], docs: Doc[]): { pages: PageSource[]; docs: Doc[]; duplicates: NonNullable<SiteContent['duplicates']> } {
  const taken = new Set<string>();
  const duplicates: NonNullable<SiteContent['duplicates']> = [];
  const keep = <T extends { route: string; source: string }>(items: T[], kind: 'doc' | 'page') =>
    items.filter((item) => {
      const key = normalizeRoute(item.route);
      if (!taken.has(key)) return taken.add(key);
      duplicates.push({ route: item.route, source: item.source, kind });
      return false;
    });
  return { pages: keep(pages, 'page'), docs: keep(docs, 'doc'), duplicates };
}

/** The routes stage: every path the build emits, with duplicates reported (both sources named). */
export function buildRoutes(content: SiteContent, redirects: Redirect[]): RouteTable {
  const routes = new Map<string, Route>();
  const diagnostics: Diagnostic[] = [];
  const add = (route: Route) => {
    const key = normalizeRoute(route.path);
    const existing = routes.get(key);
    if (existing) {
      diagnostics.push({
        severity: 'warning',
        kind: 'duplicate route',
        message: `${route.path} is produced by both ${existing.source} and ${route.source}; the first one wins`,
        location: { file: route.source, line: 1, column: 1 },
        hint: 'rename one of the files or change its slug',
      });
      return;
    }
    routes.set(key, route);
  };
  for (const page of content.pages) add({ path: page.route, kind: 'page', source: page.source });
  for (const doc of content.docs) add({ path: doc.route, kind: 'doc', source: doc.source, docId: doc.id });
  // Already left out of the content: reported against the winner, which is in the table now.
  for (const lost of content.duplicates ?? []) add({ path: lost.route, kind: lost.kind, source: lost.source });
  add({ path: '/404', kind: 'not-found', source: 'theme' });
  for (const r of redirects) if (!routes.has(normalizeRoute(r.from))) routes.set(normalizeRoute(r.from), { path: r.from, kind: 'redirect', source: 'redirects.json', to: r.to });
  return { routes, diagnostics };
}
