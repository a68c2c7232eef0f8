import { normalizeRoute } from '../content/routes.ts';
import type { Diagnostic } from '../errors.ts';
import type { Doc, RenderedDocs, SiteConfig } from '../model.ts';
import { latestVersion } from './config.ts';
import { idInVersion } from './pages.ts';

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** The doc a link of `from` leads to, when it is a route of the site. */
function targetOf(url: string, from: Doc, byRoute: Map<string, Doc>): Doc | undefined {
  if (EXTERNAL.test(url) || /\.mdx?(#|$)/.test(url)) return undefined;
  const path = url.split('#')[0].split('?')[0];
  if (!path) return undefined;
  try {
    // Most links are absolute paths already: parsing them as URLs was most of this check's time.
    const absolute = path.startsWith('/') && !/\/\.\.?(\/|$)/.test(path) ? path : new URL(path, `http://site${from.route}`).pathname;
    return byRoute.get(normalizeRoute(decodeURI(absolute)));
  } catch {
    return undefined;
  }
}

/**
 * Links of an older version's pages that lead into the latest docs: an error when the page
 * exists only in the latest (the reader of that release meets something it does not have), a
 * warning when the version has its own copy to link to. Links within a version, and broken
 * ones, are the link check's.
 */
export function versionLinkDiagnostics(docs: Doc[], rendered: RenderedDocs, config: SiteConfig): Diagnostic[] {
  const versions = config.docs.versions;
  if (versions.length < 2) return [];
  const latest = latestVersion(versions);
  const byRoute = new Map(docs.map((d) => [normalizeRoute(d.route), d]));
  const inVersion = new Map<string, Doc>(docs.map((d) => [`${d.version ?? 'current'}\0${idInVersion(d)}`, d]));
  const label = (name: string) => versions.find((v) => v.name === name)?.label ?? name;
  const out: Diagnostic[] = [];
  for (const doc of docs) {
    if (!doc.version) continue;
    for (const link of rendered.get(doc.id)?.links ?? []) {
      const target = targetOf(link.url, doc, byRoute);
      if (!target || (target.version ?? 'current') !== latest.name) continue;
      const location = { file: doc.source, line: link.line, column: link.column };
      const own = inVersion.get(`${doc.version}\0${idInVersion(target)}`);
      if (own) {
        out.push({ severity: 'warning', kind: 'version link', message: `${link.url} leaves version ${label(doc.version)} for the latest docs`, location, hint: `link to ${own.route}, the same page in ${label(doc.version)}` });
      } else {
        out.push({ severity: 'error', kind: 'broken link', message: `${link.url} → a page of the latest version (${latest.label}) only, not of ${label(doc.version)}`, location, hint: 'link to a page of this version, or remove the link' });
      }
    }
  }
  return out;
}
