import { normalizeRoute } from '../content/routes.ts';
import type { Diagnostic } from '../errors.ts';
import { closest } from '../links/suggest.ts';
import type { RouteTable } from '../model.ts';

/** A route the previous site served, and the sitemap line that named it. */
export interface PreviousRoute {
  route: string;
  line: number;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The site path of a sitemap URL: origin and base path removed, no trailing "/". */
function routeOf(loc: string, base: string): string {
  const text = loc.trim().replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => XML_ENTITIES[e]);
  const pathname = decodeURI(new URL(text, 'http://site.invalid').pathname);
  const below = base !== '/' && pathname.startsWith(base) ? `/${pathname.slice(base.length)}` : pathname;
  return normalizeRoute(below.replace(/\/index\.html$|\.html$/, '') || '/');
}

/** The routes a sitemap lists (`<loc>` elements), below the site's base path. */
export function sitemapRoutes(xml: string, base: string): PreviousRoute[] {
  const out: PreviousRoute[] = [];
  xml.split('\n').forEach((text, i) => {
    for (const m of text.matchAll(/<loc>([^<]*)<\/loc>/g)) out.push({ route: routeOf(m[1], base), line: i + 1 });
  });
  return out;
}

/**
 * The route a moved page most likely went to: the one new route ending in the same name, the
 * only new route, else the closest by spelling among the new routes, then among all.
 */
function likelyTarget(route: string, added: string[], all: string[]): string | undefined {
  const name = route.slice(route.lastIndexOf('/') + 1);
  const sameName = added.filter((r) => r.endsWith(`/${name}`));
  if (sameName.length === 1) return sameName[0];
  if (added.length === 1) return added[0];
  return closest(route, added) ?? closest(route, all);
}

/** The line to add to redirects.json for `route` (a target to fill in when none is likely). */
export function redirectLine(route: string, target: string | undefined): string {
  return `{ "from": ${JSON.stringify(route)}, "to": ${JSON.stringify(target ?? '/…')} },`;
}

/**
 * Routes the previous site served that this build neither serves nor redirects: a warning each
 * (an error under --strict), at the sitemap line that named it, with the redirects.json line
 * to add. `source` names the previous sitemap in messages.
 */
export function movedPages(previous: PreviousRoute[], table: RouteTable, source: string): Diagnostic[] {
  const served = new Set(table.routes.keys());
  const gone = previous.filter((p) => !served.has(p.route));
  if (!gone.length) return [];
  const before = new Set(previous.map((p) => p.route));
  // The sitemap lists the latest docs only: an older version's page is no candidate.
  const pages = [...table.routes.values()].filter((r) => (r.kind === 'doc' || r.kind === 'page') && !r.docId?.startsWith('version-')).map((r) => normalizeRoute(r.path));
  const added = pages.filter((r) => !before.has(r));
  return gone.map(({ route, line }) => {
    const target = likelyTarget(route, added, pages);
    return {
      severity: 'warning',
      kind: 'moved page',
      message: `${route} was a page of the previous build and is neither a page nor a redirect now`,
      location: { file: source, line, column: 1 },
      hint: `add to redirects.json: ${redirectLine(route, target)}${target ? ` (or redirect_from: [${route}] in the front matter of the page at ${target})` : ''}`,
    };
  });
}

/** All the redirects.json lines the moved pages need, for one block to copy after the report. */
export function redirectBlock(diagnostics: Diagnostic[]): string | undefined {
  const lines = diagnostics.filter((d) => d.kind === 'moved page').map((d) => /add to redirects\.json: (\{.*?\},)/.exec(d.hint ?? '')?.[1]);
  return lines.length ? `moved pages: add to redirects.json\n${lines.map((l) => `  ${l}`).join('\n')}` : undefined;
}
