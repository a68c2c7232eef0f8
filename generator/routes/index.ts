import { normalizeRoute } from '../content/routes.ts';
import type { Diagnostic, Redirect, Route, RouteTable, SiteContent } from '../model.ts';

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
  add({ path: '/404', kind: 'not-found', source: 'theme' });
  for (const r of redirects) if (!routes.has(normalizeRoute(r.from))) routes.set(normalizeRoute(r.from), { path: r.from, kind: 'redirect', source: 'redirects.json', to: r.to });
  return { routes, diagnostics };
}
