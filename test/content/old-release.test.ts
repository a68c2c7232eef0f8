import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers.ts';
import { htmlFiles, sharedRealBuild } from '../real-build.ts';

/**
 * The real site's older release, 1.160.0 (versioned_docs/), against the latest docs and the
 * changelog listing what changed between the two: what only the latest has is exactly what the
 * changelog announces, and nothing of 1.160.0 leads to it.
 */
const OLD = '/docs/1.160.0';
const CHANGELOG = '/docs/api/changelog';
const changelog = readFileSync(path.join(REPO, 'content/docs/api/changelog.md'), 'utf8');

/** One key per page, whichever of its files (`a.html`, `a/index.html`) it was read from. */
const keyOf = (route: string) => route.replace(/\.(html|md)$/, '').replace(/(^|\/)index$/, '').replace(/\/+$/, '') || '/';
/** The route a page of 1.160.0 has in the latest version. */
const inLatest = (key: string) => `/docs${key.slice(OLD.length)}`;
const isOld = (key: string) => key === OLD || key.startsWith(`${OLD}/`);

/** `METHOD /path` of every endpoint line of a page, path parameters written `{}` (their names may differ). */
function endpoints(html: string): string[] {
  return [...html.matchAll(/endpoint__method[^"]*">([A-Z]+)<\/span>\s*<code class="endpoint__url">https:\/\/api\.vaultline\.example([^<]*)<\/code>/g)].map(
    (m) => `${m[1]} ${m[2].replace(/\{[^}]*\}/g, '{}')}`,
  );
}

/** The endpoints the changelog's summary lists as added. */
function addedEndpoints(): string[] {
  const rows = [...changelog.matchAll(/^\| ([\d.]+) \| Added \| (.*) \|$/gm)];
  return rows.flatMap((r) => [...r[2].matchAll(/`([A-Z]+) (\/[^`]*)`/g)].map((m) => `${m[1]} ${m[2].replace(/\{[^}]*\}/g, '{}')}`));
}

/** The page's own title, without the site's name. */
const title = (html: string) => html.match(/<title>([^<|]*)/)?.[1].trim();
const minus = <T,>(a: Iterable<T>, b: Set<T>) => [...a].filter((x) => !b.has(x)).sort();

let latest: Map<string, string>;
let old: Map<string, string>;

beforeAll(async () => {
  const out = await sharedRealBuild();
  latest = new Map();
  old = new Map();
  for (const file of htmlFiles(out).filter((f) => f.startsWith('docs/'))) {
    const key = keyOf(`/${file}`);
    const html = readFileSync(path.join(out, file), 'utf8');
    if (/<meta http-equiv="refresh"/i.test(html)) continue;
    if (isOld(key)) old.set(inLatest(key), html);
    else latest.set(key, html);
  }
}, 240_000);

describe('the 1.160.0 release and the changelog', () => {
  it('builds 1.160.0 under /docs/1.160.0/, with every page the latest had then', () => {
    expect(old.size).toBeGreaterThan(100);
    expect(minus(old.keys(), new Set(latest.keys())), 'pages of 1.160.0 that the latest lost').toEqual([]);
  });

  it('announces every page that only the latest has in the changelog', () => {
    const linked = new Set([...changelog.matchAll(/\]\((\/docs\/[^)#\s]*)/g)].map((m) => keyOf(m[1])));
    const latestOnly = minus(latest.keys(), new Set(old.keys()));
    expect(latestOnly).toContain(CHANGELOG);
    expect(latestOnly.length).toBeGreaterThan(1);
    expect(latestOnly.filter((r) => r !== CHANGELOG && !linked.has(r)), 'new pages the changelog does not mention').toEqual([]);
  });

  it('lists exactly the endpoints added since 1.160.0, and none removed', () => {
    const inOld = new Set([...old.values()].flatMap(endpoints));
    const inNew = new Set([...latest.values()].flatMap(endpoints));
    expect(inOld.size).toBeGreaterThan(50);
    expect(minus(inNew, inOld)).toEqual(addedEndpoints().sort());
    expect(minus(inOld, inNew)).toEqual([]);
  });

  it('keeps the titles of the pages both versions have', () => {
    const renamed = [...old].filter(([route, html]) => title(html) !== title(latest.get(route) ?? ''));
    expect(renamed.map(([route]) => route)).toEqual([]);
  });

  it('never links from 1.160.0 to a page it does not have', () => {
    const latestOnly = new Set(minus(latest.keys(), new Set(old.keys())));
    const leaks: string[] = [];
    for (const [route, html] of old) {
      const article = html.match(/<article[\s\S]*<\/article>/)?.[0] ?? '';
      for (const m of article.matchAll(/href="(\/docs\/[^"#?]*)/g)) {
        const key = keyOf(m[1]);
        const target = isOld(key) ? inLatest(key) : key;
        if (latestOnly.has(target)) leaks.push(`${route} → ${m[1]}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('keeps a reader of 1.160.0 in it: article, sidebar, breadcrumbs and previous/next link only within 1.160.0', () => {
    const regions = /<article[\s\S]*?<\/article>|<nav class="(?:sidebar|breadcrumbs|pagination)"[\s\S]*?<\/nav>/g;
    const out: string[] = [];
    for (const [route, html] of old) {
      for (const region of html.match(regions) ?? []) {
        for (const m of region.matchAll(/href="(\/docs\/?[^"]*)"/g)) if (!isOld(keyOf(m[1].split(/[#?]/)[0]))) out.push(`${route} → ${m[1]}`);
      }
    }
    expect(old.get('/docs/api/logs')).toMatch(/<nav class="sidebar"/);
    expect(out.slice(0, 10)).toEqual([]);
  });

  it('labels the versions 1.171.0 and 1.160.0: dropdown and banner', () => {
    const dropdown = (html = '') =>
      [...(html.match(/navbar__versions[\s\S]*?<\/ul>/)?.[0] ?? '').matchAll(/<a class="dropdown__link" href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[2], m[1]]);
    expect(dropdown(latest.get(CHANGELOG))).toEqual([
      ['1.171.0', CHANGELOG],
      ['1.160.0', `${OLD}/`],
    ]);
    const page = '/docs/api/tenants/tenant-members';
    expect(dropdown(old.get(page))).toEqual([
      ['1.171.0', page],
      ['1.160.0', `${OLD}/api/tenants/tenant-members`],
    ]);
    const banner = old.get(page)?.match(/<div class="version-banner"[^>]*>([\s\S]*?)<\/div>/)?.[1] ?? '';
    expect(banner.replace(/<!-- -->|<[^>]+>/g, '')).toBe(
      'This is documentation for Vaultline 1.160.0, which is no longer actively maintained. For up-to-date documentation, see the latest version (1.171.0).',
    );
    expect(banner).toContain(`href="${page}"`);
  });

  it('puts the changelog in the latest API sidebar only', () => {
    expect(latest.get('/docs/api/authentication')).toMatch(/href="\/docs\/api\/changelog"[^>]*>Changelog</);
    expect(old.get('/docs/api/authentication')).not.toContain('changelog');
  });
});
