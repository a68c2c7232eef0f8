import { normalizeRoute } from './content/routes.ts';
import { sortDiagnostics, type Diagnostic } from './errors.ts';
import { configLinks } from './links/config.ts';
import { applyLevels, checkLinks } from './links/index.ts';
import { pageLinks } from './links/pages.ts';
import type { ClientAssets, OutputFile, Redirect, RenderedDocs, RouteTable, SiteConfig, SiteContent } from './model.ts';
import { expandRedirects } from './redirects/expand.ts';
import { checkRedirects } from './redirects/validate.ts';
import { buildRoutes } from './routes/index.ts';
import { excludeDiagnostics } from './search/index.ts';

/**
 * What the stages up to the client produce: everything the link check and the file-producing
 * stages need. `docgen build` makes one per run; `docgen dev` makes a new one per change,
 * reusing the parts the change did not touch.
 */
export interface Site {
  config: SiteConfig;
  content: SiteContent;
  /** Each doc's rendered Markdown, by doc id. */
  rendered: RenderedDocs;
  routes: RouteTable;
  /** redirects.json, patterns expanded, checked against the routes (chains collapsed). */
  redirects: Redirect[];
  redirectDiagnostics: Diagnostic[];
  client: ClientAssets;
}

/** The routes stage, with the entries of redirects.json expanded and checked against the routes it yields. */
export function routeSite(content: SiteContent, redirectEntries: Redirect[]): Pick<Site, 'routes' | 'redirects' | 'redirectDiagnostics'> {
  const expanded = expandRedirects(redirectEntries, [...content.docs, ...content.pages].map((d) => d.route));
  const routes = buildRoutes(content, expanded.redirects);
  const { redirects, diagnostics } = checkRedirects(expanded.redirects, routes);
  return { routes, redirects, redirectDiagnostics: [...expanded.diagnostics, ...diagnostics] };
}

/** The URL paths of the published files, as links name them. */
export function publishedPaths(published: OutputFile[]): Set<string> {
  return new Set(published.map((f) => normalizeRoute(`/${f.path}`)));
}

/**
 * The links stage and every finding of the stages before it, at the levels the config gives
 * (`--strict`: every warning fails), sorted by file and line. `published` are the files that
 * are not routes (assets, sources, sitemap…): links may point at them.
 */
export function checkSite(site: Site, published: OutputFile[], strict: boolean, configSource?: string): Diagnostic[] {
  const files = publishedPaths(published);
  const links = checkLinks(site.content.docs, site.rendered, { routes: site.routes, files }, [...configLinks(site.config, configSource), ...pageLinks(site.content.pages)]);
  return sortDiagnostics(applyLevels([...site.content.docs.flatMap((d) => site.rendered.get(d.id)!.diagnostics), ...site.routes.diagnostics, ...site.redirectDiagnostics, ...excludeDiagnostics(site.config, site.content.docs, configSource), ...links], site.config, strict));
}
