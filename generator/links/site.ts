import { normalizeRoute } from '../content/routes.ts';
import { sortDiagnostics, type Diagnostic } from '../errors.ts';
import { configLinks } from './config.ts';
import { applyLevels, checkLinks } from './index.ts';
import { pageLinks } from './pages.ts';
import type { OutputFile, Site } from '../model.ts';
import { excludeDiagnostics } from '../search/index.ts';
import { versionLinkDiagnostics } from '../versions/links.ts';

/** The URL paths of the published files, as links name them. */
export function publishedPaths(published: OutputFile[]): Set<string> {
  return new Set(published.map((f) => normalizeRoute(`/${f.path}`)));
}

/**
 * The links stage and every finding of the stages before it, at the levels the config gives
 * (`--strict`: every warning fails), sorted by file and line. `published` are the files that
 * are not routes (assets, sources, sitemap…): links may point at them. `more`: findings of
 * stages that are not in the site model (the example check).
 */
export function checkSiteLinks(site: Site, published: OutputFile[], strict: boolean, configSource?: string, more: Diagnostic[] = []): Diagnostic[] {
  const files = publishedPaths(published);
  const links = checkLinks(site.content.docs, site.rendered, { routes: site.routes, files }, [...configLinks(site.config, configSource), ...pageLinks(site.content.pages)]);
  return sortDiagnostics(applyLevels([...site.content.docs.flatMap((d) => site.rendered.get(d.id)!.diagnostics), ...site.routes.diagnostics, ...site.redirectDiagnostics, ...excludeDiagnostics(site.config, site.content.docs, configSource), ...links, ...versionLinkDiagnostics(site.content.docs, site.rendered, site.config), ...more], site.config, strict));
}
