import { LEVEL_KEYS, type LevelledKind } from '../../common/diagnostics.ts';
import { normalizeRoute, resolveSourcePath } from '../content/routes.ts';
import { closest } from './suggest.ts';
import type { Level } from '../config/schema.ts';
import type { Diagnostic, Doc, RenderedDocs, RouteTable, SiteConfig } from '../model.ts';

export type { Level };

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

export interface LinkContext {
  routes: RouteTable;
  /** Output files that are not routes (assets, published .md sources, sitemap…), with leading "/". */
  files: Set<string>;
}

/** A link that comes from configuration or a page module rather than Markdown. */
export interface ConfigLink {
  url: string;
  /** The config path, e.g. `navbar.items[2].to`; none for a page module's own links. */
  where?: string;
  /** Where it is written. Default: site.config.ts. */
  file?: string;
  /** Its position in that file, when known (the opening quote of the URL). */
  line?: number;
  column?: number;
}

/**
 * Ids the theme renders around every doc's content (the app root, the skip link's target):
 * fragments pointing at them are not broken. test/unit/links checks this against the theme.
 */
export const THEME_IDS = ['docgen-root', '__docgen-data', 'main-content'];

/** `/a.html`, `/a/index.html` → `/a`: the `.html` forms the host rules send to a page. */
const HTML_FORM = /(\/index)?\.html$/;

/** A link that breaks on this many pages is reported once: it likely comes from shared layout. */
export const REPEATED = 5;

/** One run of the check: what it looks links up in, and what it has found so far. */
interface Check {
  ctx: LinkContext;
  /** The ids of every doc page (and those the theme renders around it), by route. */
  idsByRoute: Map<string, Set<string>>;
  /** Served paths as a reader would type them, computed only when a link is broken. */
  routePaths: () => Map<string, string>;
  out: Diagnostic[];
}

function startCheck(docs: Doc[], rendered: RenderedDocs, ctx: LinkContext): Check {
  const idsByRoute = new Map<string, Set<string>>();
  for (const d of docs) idsByRoute.set(normalizeRoute(d.route), new Set([...rendered.get(d.id)!.ids, ...THEME_IDS]));
  let paths: Map<string, string> | undefined;
  const routePaths = () => (paths ??= new Map([...ctx.routes.routes.values()].filter((r) => r.kind !== 'redirect').map((r) => [normalizeRoute(r.path), r.path])));
  return { ctx, idsByRoute, routePaths, out: [] };
}

/** A `#fragment` that matches no id on the target page: a warning naming the closest id. */
function checkAnchor(check: Check, url: string, hash: string, targetRoute: string, location: Diagnostic['location'], prefix = '') {
  const ids = check.idsByRoute.get(normalizeRoute(targetRoute));
  if (ids && !ids.has(decodeURIComponent(hash))) {
    check.out.push({ severity: 'warning', kind: 'broken anchor', message: `${prefix}${url} → no heading or id "${hash}" on ${targetRoute}${didYouMean(hash, ids, '#')}`, location });
  }
}

/** A path that is neither a route nor a file: an error suggesting the closest file (for a path
 * with an extension: an image, a download) or page. */
function reportBroken(check: Check, key: string, url: string, location: Diagnostic['location'], prefix: string) {
  if (/\.\w+$/.test(key) && !HTML_FORM.test(key)) {
    const near = closest(key, check.ctx.files);
    check.out.push({ severity: 'error', kind: 'broken link', message: `${prefix}${url} → no such file${near ? `; did you mean ${near}?` : ''}`, location });
    return;
  }
  const near = closest(key, check.routePaths().keys());
  check.out.push({ severity: 'error', kind: 'broken link', message: `${prefix}${url} → no such page${near ? `; did you mean ${check.routePaths().get(near)}?` : ''}`, location });
}

/** Check one site link seen from `fromRoute`; `prefix` names a config path in the message. */
function checkTarget(check: Check, url: string, fromRoute: string, location: Diagnostic['location'], prefix = '') {
  const { routes, files } = check.ctx;
  const [beforeHash, hash] = url.split('#');
  const pathPart = beforeHash.split('?')[0];
  const resolved = pathPart === '' ? fromRoute : new URL(pathPart, `http://site${fromRoute}`).pathname;
  const key = normalizeRoute(decodeURI(resolved));
  const route = routes.routes.get(key);
  const page = !route && !files.has(key) && HTML_FORM.test(key) ? routes.routes.get(normalizeRoute(key.replace(HTML_FORM, '') || '/')) : undefined;
  if (page && (page.kind === 'doc' || page.kind === 'page')) {
    check.out.push({ severity: 'warning', kind: 'link to redirect', message: `${prefix}${url} links to a redirect; link to ${page.path} instead`, location });
    return;
  }
  if (!route && !files.has(key)) return reportBroken(check, key, url, location, prefix);
  if (route?.kind === 'redirect') {
    check.out.push({ severity: 'warning', kind: 'link to redirect', message: `${prefix}${url} links to a redirect; link to ${route.to} instead`, location });
    return;
  }
  if (hash && route?.kind === 'doc') checkAnchor(check, url, hash, route.path, location, prefix);
}

/** Every link of every doc; a relative `.md` link was checked by the markdown stage, its
 * `#fragment` is checked here. */
function checkDocLinks(check: Check, docs: Doc[], rendered: RenderedDocs) {
  const bySource = new Map(docs.map((d) => [d.source, d]));
  for (const doc of docs) {
    for (const link of rendered.get(doc.id)!.links) {
      if (EXTERNAL.test(link.url)) continue;
      const location = { file: doc.source, line: link.line, column: link.column };
      if (/\.mdx?(#|$)/.test(link.url)) {
        const [file, hash] = link.url.split('#');
        const target = bySource.get(resolveSourcePath(doc.source, file));
        if (hash && target) checkAnchor(check, link.url, hash, target.route, location);
        continue;
      }
      checkTarget(check, link.url, doc.route, location);
    }
  }
}

/** The links stage: check every link of every page, and of the config, against the build. */
export function checkLinks(docs: Doc[], rendered: RenderedDocs, ctx: LinkContext, config: ConfigLink[] = []): Diagnostic[] {
  const check = startCheck(docs, rendered, ctx);
  checkDocLinks(check, docs, rendered);
  for (const link of config) {
    if (!EXTERNAL.test(link.url)) checkTarget(check, link.url, '/', { file: link.file ?? 'site.config.ts', line: link.line, column: link.column }, link.where ? `${link.where}: ` : '');
  }
  return groupRepeated(check.out);
}

/**
 * One report, with a count, for a link that breaks on many pages: it almost certainly comes
 * from a shared piece (a partial copied around, a layout, the config), not from each page.
 */
export function groupRepeated(diagnostics: Diagnostic[]): Diagnostic[] {
  const byLink = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const k = `${d.kind}\0${d.message}`;
    byLink.set(k, [...(byLink.get(k) ?? []), d]);
  }
  return [...byLink.values()].flatMap((same) => {
    const files = new Set(same.map((d) => d.location.file));
    if (files.size < REPEATED) return same;
    return [{ ...same[0], message: `${same[0].message} (on ${files.size} pages)`, hint: 'a link broken on this many pages likely comes from shared layout or config' }];
  });
}

function didYouMean(target: string, candidates: Iterable<string>, prefix: string): string {
  const near = closest(target, candidates);
  return near ? `; did you mean ${prefix}${near}?` : '';
}

/** Apply the config's throw/warn/ignore levels, then `--strict` (every warning fails). */
export function applyLevels(diagnostics: Diagnostic[], config: SiteConfig, strict: boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const level: Level = d.kind in LEVEL_KEYS ? config[LEVEL_KEYS[d.kind as LevelledKind]] : d.severity === 'error' ? 'throw' : 'warn';
    if (level === 'ignore') continue;
    const severity = level === 'throw' || strict ? 'error' : 'warning';
    out.push({ ...d, severity });
  }
  return out;
}
