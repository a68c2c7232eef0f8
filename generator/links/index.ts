import path from 'node:path';
import { normalizeRoute } from '../content/routes.ts';
import { closest } from './suggest.ts';
import type { Level } from '../config/schema.ts';
import type { Diagnostic, Doc, Rendered, RouteTable, SiteConfig } from '../model.ts';

export type { Level };

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

export interface LinkContext {
  routes: RouteTable;
  /** Output files that are not routes (assets, published .md sources, sitemap…), with leading "/". */
  files: Set<string>;
}

/** The links stage: check every link of every page against what the build emits. */
export function checkLinks(docs: Doc[], rendered: Rendered[], ctx: LinkContext): Diagnostic[] {
  const idsByRoute = new Map<string, Set<string>>();
  docs.forEach((d, i) => idsByRoute.set(normalizeRoute(d.route), new Set(rendered[i].ids)));
  const bySource = new Map(docs.map((d) => [d.source, d]));
  // Served paths as a reader would type them, computed only when a link is broken.
  let paths: Map<string, string> | undefined;
  const routePaths = () => (paths ??= new Map([...ctx.routes.routes.values()].filter((r) => r.kind !== 'redirect').map((r) => [normalizeRoute(r.path), r.path])));
  const out: Diagnostic[] = [];
  docs.forEach((doc, i) => {
    for (const link of rendered[i].links) {
      if (EXTERNAL.test(link.url)) continue;
      const location = { file: doc.source, line: link.line, column: link.column };
      if (/\.mdx?(#|$)/.test(link.url)) {
        // The file itself was checked by the markdown stage; its #fragment is checked here.
        const [file, hash] = link.url.split('#');
        const target = bySource.get(path.posix.normalize(path.posix.join(path.posix.dirname(doc.source), decodeURI(file))));
        const ids = target && idsByRoute.get(normalizeRoute(target.route));
        if (hash && ids && !ids.has(decodeURIComponent(hash))) {
          out.push({ severity: 'warning', kind: 'broken anchor', message: `${link.url} → no heading or id "${hash}" on ${target!.route}${didYouMean(hash, ids, '#')}`, location });
        }
        continue;
      }
      const [beforeHash, hash] = link.url.split('#');
      const pathPart = beforeHash.split('?')[0];
      const resolved = pathPart === '' ? doc.route : new URL(pathPart, `http://site${doc.route}`).pathname;
      const key = normalizeRoute(decodeURI(resolved));
      const route = ctx.routes.routes.get(key);
      if (!route && !ctx.files.has(key)) {
        const near = closest(key, routePaths().keys());
        out.push({ severity: 'error', kind: 'broken link', message: `${link.url} → no such page${near ? `; did you mean ${routePaths().get(near)}?` : ''}`, location });
        continue;
      }
      if (hash && route?.kind === 'doc') {
        const ids = idsByRoute.get(key);
        if (ids && !ids.has(decodeURIComponent(hash))) {
          out.push({ severity: 'warning', kind: 'broken anchor', message: `${link.url} → no heading or id "${hash}" on ${route.path}${didYouMean(hash, ids, '#')}`, location });
        }
      }
    }
  });
  return out;
}

function didYouMean(target: string, candidates: Iterable<string>, prefix: string): string {
  const near = closest(target, candidates);
  return near ? `; did you mean ${prefix}${near}?` : '';
}

const LEVEL_KEYS: Record<string, keyof SiteConfig> = {
  'broken link': 'onBrokenLinks',
  'broken markdown link': 'onBrokenMarkdownLinks',
  'broken anchor': 'onBrokenAnchors',
  'duplicate route': 'onDuplicateRoutes',
};

/** Apply the config's throw/warn/ignore levels, then `--strict` (every warning fails). */
export function applyLevels(diagnostics: Diagnostic[], config: SiteConfig, strict: boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const key = LEVEL_KEYS[d.kind];
    const level = key ? (config[key] as Level) : d.severity === 'error' ? 'throw' : 'warn';
    if (level === 'ignore') continue;
    const severity = level === 'throw' || strict ? 'error' : 'warning';
    out.push({ ...d, severity });
  }
  return out;
}
