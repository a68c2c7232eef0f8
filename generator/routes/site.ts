import type { Redirect, Site, SiteContent } from '../model.ts';
import { expandRedirects } from '../redirects/expand.ts';
import { checkRedirects } from '../redirects/validate.ts';
import { buildRoutes } from './index.ts';

/** The routes stage, with the entries of redirects.json expanded and checked against the routes it yields. */
export function routeSite(content: SiteContent, redirectEntries: Redirect[]): Pick<Site, 'routes' | 'redirects' | 'redirectDiagnostics'> {
  const expanded = expandRedirects(redirectEntries, [...content.docs, ...content.pages].map((d) => d.route));
  const routes = buildRoutes(content, expanded.redirects);
  const { redirects, diagnostics } = checkRedirects(expanded.redirects, routes);
  return { routes, redirects, redirectDiagnostics: [...expanded.diagnostics, ...diagnostics] };
}
