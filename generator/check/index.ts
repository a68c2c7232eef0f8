import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { LinkChecker, LinkState, type LinkResult } from 'linkinator';
import { normalizeRoute } from '../content/routes.ts';
import { withBase } from '../../common/base.ts';
import { buildBaseUrl } from '../serve/base.ts';
import { createStaticServer } from '../serve/index.ts';

export interface CheckOptions {
  /** Also request links to other sites (off: they are skipped). */
  external?: boolean;
}

export interface BrokenLink {
  /** The link as a path of the site (`/docs/x`), or the full URL of another site. */
  url: string;
  /** The page it appears on, as a path of the site (`sitemap.xml` for a start page). */
  page: string;
  /** HTTP status, or why the request failed. */
  reason: string;
}

export interface CheckReport {
  /** Pages crawled (HTML documents whose links were read). */
  pages: number;
  /** Distinct URLs requested. */
  links: number;
  broken: BrokenLink[];
}

/**
 * Where to start: every route of the sitemap (so a page no link reaches is still read), and
 * the not-found page. Without a sitemap, the home page.
 */
function startPaths(dir: string, base: string): string[] {
  const sitemap = path.join(dir, 'sitemap.xml');
  const routes = existsSync(sitemap) ? [...readFileSync(sitemap, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, '&')).pathname) : [];
  if (!routes.includes(base)) routes.unshift(base);
  if (existsSync(path.join(dir, '404.html'))) routes.push(withBase(base, '/404.html'));
  return routes;
}

function reasonOf(result: LinkResult): string {
  if (result.status) return String(result.status);
  const failure = result.failureDetails?.find((f): f is Error => f instanceof Error);
  return failure?.message ?? 'no response';
}

/**
 * `docgen check`: serve the finished build on 127.0.0.1 as `docgen serve` does (clean URLs,
 * 404s, the build's redirects as 301s) and crawl it with linkinator, a second opinion after the
 * build's own link check. Links to other sites are skipped unless asked for.
 */
export async function crawlSite(dir: string, options: CheckOptions = {}): Promise<CheckReport> {
  const base = buildBaseUrl(dir);
  // Each page is fetched about once: compressing it hard would cost more than it saves.
  const server = createStaticServer(dir, { base, compression: 'fast' });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const local = (url: string) => (url.startsWith(`${origin}/`) ? url.slice(origin.length) : url);
  try {
    const checker = new LinkChecker();
    // `/a` and `/a/` are one page, crawled under both spellings when links use both.
    const pages = new Set<string>();
    checker.on('pagestart', (url: string | URL) => pages.add(normalizeRoute(new URL(url).pathname)));
    const result = await checker.check({
      path: startPaths(dir, base).map((p) => `${origin}${p}`),
      recurse: true,
      // Resolve relative links as a browser does: `/a/b` is a page, not the folder `/a/b/`.
      cleanUrls: true,
      concurrency: 16,
      timeout: 20_000,
      linksToSkip: async (url) => !options.external && !url.startsWith(`${origin}/`),
    });
    const requested = new Set(result.links.filter((l) => l.state !== LinkState.SKIPPED).map((l) => l.url));
    const failed = result.links.filter((l) => l.state === LinkState.BROKEN);
    // Links read off a 404 page's body are the not-found page's own, not the missing page's.
    const missing = new Set(failed.map((l) => l.url));
    const broken = failed
      .filter((l) => !l.parent || !missing.has(l.parent))
      // A start page has no parent: it came from the sitemap.
      .map((l) => ({ url: local(l.url), page: l.parent ? local(l.parent) : 'sitemap.xml', reason: reasonOf(l) }))
      .sort((a, b) => a.page.localeCompare(b.page) || a.url.localeCompare(b.url));
    return { pages: pages.size, links: requested.size, broken };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
