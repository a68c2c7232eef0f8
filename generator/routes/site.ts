import type { Redirect, Site, SiteContent } from '../model.ts';
import { expandRedirects } from '../redirects/expand.ts';
import { checkRedirects } from '../redirects/validate.ts';
import { buildRoutes } from './index.ts';
import { frontMatterRedirects } from '../guards/redirect-from.ts';

/**
 * The routes stage, with the entries of redirects.json and the docs' `redirect_from` expanded
 * and checked against the routes it yields.
 */
export function routeSite(content: SiteContent, redirectEntries: Redirect[]): Pick<Site, 'routes' | 'redirects' | 'redirectDiagnostics'> {
  const fromDocs = frontMatterRedirects(content.docs);
  const expanded = expandRedirects([...redirectEntries, ...fromDocs.redirects], [...content.docs, ...content.pages].map((d) => d.route));
  const routes = buildRoutes(content, expanded.redirects);
  const { redirects, diagnostics } = checkRedirects(expanded.redirects, routes);
  return { routes, redirects, redirectDiagnostics: [...fromDocs.diagnostics, ...expanded.diagnostics, ...diagnostics] };
}
