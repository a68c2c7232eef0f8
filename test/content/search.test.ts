import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchIndex } from '../../theme/components/SearchBar/scorer.ts';
import { readSearch as readShards } from '../../theme/components/SearchBar/shards.ts';
import { scopedSearch, search, type SearchDoc, type SearchPointer } from '../../theme/components/SearchBar/query.ts';
import { parseConfig } from '../../generator/config/index.ts';
import { pointerFileOf } from '../../common/search/versions.ts';
import { parse } from 'yaml';
import siteConfig from '../../site.config.ts';
import { sharedRealBuild } from '../real-build.ts';

/**
 * Golden queries: what a developer reading the Vaultline docs types, and the page that must be
 * among the first 3 results, searched with the browser's own code on the real site's build.
 */
const GOLDEN: [query: string, page: string][] = [
  ['detokenize', '/docs/api/tokens/detokenize'],
  ['reactor', '/docs/concepts/what-are-reactors'],
  ['apple pay', '/docs/guides/apple-pay/overview'],
  ['rate limit', '/docs/api/rate-limits'],
  ['idempotency', '/docs/api/idempotency'],
  ['ephemeral proxy', '/docs/api/proxies/ephemeral-proxy'],
  ['3ds', '/docs/api/3ds/sessions'],
  ['kotlin', '/docs/sdks/mobile/android/'],
  ['terraform', '/docs/sdks/server-side/terraform'],
  ['mask', '/docs/expressions/masks'],
  ['tokenize', '/docs/api/tokens/tokenize'],
  ['token types', '/docs/api/tokens/token-types'],
  ['network tokens', '/docs/features/network-tokens'],
  ['account updater', '/docs/features/account-updater'],
  ['access rules', '/docs/api/applications/access-rules'],
  ['application keys', '/docs/api/applications/application-keys'],
  ['pagination', '/docs/api/pagination'],
  ['ip addresses', '/docs/api/ip-addresses'],
  ['request correlation', '/docs/api/request-correlation'],
  ['tenant members', '/docs/api/tenants/tenant-members'],
  ['fingerprint', '/docs/expressions/fingerprints'],
  ['aliasing', '/docs/expressions/aliasing'],
  ['stripe forward', '/docs/api/orchestration/stripe-forward'],
  ['reactor formulas', '/docs/api/reactors/reactor-formulas'],
  ['proxy errors', '/docs/api/proxies/proxy-errors'],
  ['errors', '/docs/api/errors'],
  ['3d secure', '/docs/features/3d-secure'],
  ['anti fraud', '/docs/features/anti-fraud'],
  ['deprecations', '/docs/api/deprecations'],
  ['react native', '/docs/sdks/mobile/react-native/'],
  ['python', '/docs/sdks/server-side/python'],
  ['search tokens', '/docs/concepts/what-is-search'],
  ['connections', '/docs/api/orchestration/connections'],
  ['filters', '/docs/expressions/filters'],
  // Prefixes while typing, and one typo.
  ['idempot', '/docs/api/idempotency'],
  ['kotiln', '/docs/sdks/mobile/android/'],
  ['reacter', '/docs/concepts/what-are-reactors'],
  ['terrafrom', '/docs/sdks/server-side/terraform'],
];

/**
 * Golden queries within a scope (search.scopes of site.config.ts): the words a reader types
 * once they have narrowed the results to one part of the docs, and the page that must be among
 * the first 3 of that scope.
 */
const SCOPED: [query: string, scope: string, page: string][] = [
  ['detokenize', 'Guides', '/docs/expressions/detokenization'],
  ['detokenize', 'SDKs', '/docs/sdks/server-side/node'],
  ['tokenize', 'Guides', '/docs/concepts/what-are-tokens'],
  ['tokenize', 'SDKs', '/docs/sdks/web/javascript/services'],
  ['proxy', 'Guides', '/docs/concepts/what-is-the-proxy'],
  ['proxy', 'SDKs', '/docs/sdks/web/javascript/services'],
  ['3ds', 'Guides', '/docs/guides/process/authenticate-with-3ds'],
  ['3ds', 'API', '/docs/api/3ds/sessions'],
  ['3ds', 'SDKs', '/docs/sdks/web/3ds/'],
  ['reactor', 'Guides', '/docs/concepts/what-are-reactors'],
  ['reactor', 'API', '/docs/api/reactors/reactor-formulas'],
  ['install', 'Guides', '/docs/guides/collect/collect-cards'],
  ['install', 'SDKs', '/docs/sdks/web/javascript/'],
  ['errors', 'API', '/docs/api/errors'],
  ['errors', 'SDKs', '/docs/sdks/web/javascript/services'],
  ['authentication', 'API', '/docs/api/authentication'],
  ['rate limit', 'API', '/docs/api/rate-limits'],
  ['apple pay', 'Guides', '/docs/guides/apple-pay/overview'],
  ['python', 'SDKs', '/docs/sdks/server-side/python'],
  ['kotlin', 'SDKs', '/docs/sdks/mobile/android/'],
];

const SCOPES = parseConfig(siteConfig).config.search.scopes;
const SIDEBARS = SCOPES.map((s) => s.sidebars);
/** The position of a scope in the panel (0: All). */
const scopeNumber = (label: string) => SCOPES.findIndex((s) => s.label === label) + 1;
const pagesOf = (hits: { url: string }[]) => hits.map((h) => h.url.split('#')[0]);

/** The real site's older docs version, at /docs/1.160.0/, with search files of its own. */
const OLD = '1.160.0';
/** Pages of the golden queries that came after 1.160.0 (see /docs/api/changelog): absent from its search. */
const ADDED_SINCE = ['/docs/guides/apple-pay/overview', '/docs/api/orchestration/stripe-forward'];
const inOld = (page: string) => page.replace(/^\/docs\//, `/docs/${OLD}/`);

let index: SearchIndex;
let docs: SearchDoc[];
let oldIndex: SearchIndex;
let oldDocs: SearchDoc[];

/** The documents and index a version's pointer file names in the build `out`. */
function readSearch(out: string, pointerFile: string): { docs: SearchDoc[]; index: SearchIndex } {
  const json = (file: string) => JSON.parse(readFileSync(path.join(out, file), 'utf8'));
  const pointer = json(pointerFile) as SearchPointer;
  return readShards(json, pointer);
}

beforeAll(async () => {
  const out = await sharedRealBuild();
  ({ docs, index } = readSearch(out, pointerFileOf()));
  ({ docs: oldDocs, index: oldIndex } = readSearch(out, pointerFileOf(OLD)));
}, 180_000);

describe('golden search queries on the real site', () => {
  it(`has at least 25 queries`, () => expect(GOLDEN.length).toBeGreaterThanOrEqual(25));

  it.each(GOLDEN)('%s → %s in the top 3', (query, page) => {
    const top = search(index, docs, query, 8)
      .slice(0, 3)
      .map((h) => h.url.split('#')[0]);
    expect(top).toContain(page);
  });

  it('has the scopes All, Guides, API and SDKs, and at least 20 scoped queries touching each', () => {
    expect(SCOPES.map((s) => s.label)).toEqual(['Guides', 'API', 'SDKs']);
    expect(SCOPED.length).toBeGreaterThanOrEqual(20);
    expect(new Set(SCOPED.map(([, scope]) => scope))).toEqual(new Set(['Guides', 'API', 'SDKs']));
  });

  it.each(SCOPED)('%s in %s → %s in the top 3, every result in the scope', (query, scope, page) => {
    const chosen = scopeNumber(scope);
    const { hits } = scopedSearch(index, docs, query, 8, SIDEBARS, chosen);
    expect(pagesOf(hits).slice(0, 3)).toContain(page);
    const sidebars = SIDEBARS[chosen - 1];
    expect(hits.every((h) => sidebars.includes(docs[h.ref].sidebar!))).toBe(true);
  });

  it.each(GOLDEN)('%s → %s stays in the top 3 within the page\'s own scope', (query, page) => {
    const sidebar = docs.find((d) => d.url === page)!.sidebar!;
    const chosen = SIDEBARS.findIndex((s) => s.includes(sidebar)) + 1;
    expect(chosen).toBeGreaterThan(0);
    expect(pagesOf(scopedSearch(index, docs, query, 8, SIDEBARS, chosen).hits).slice(0, 3)).toContain(page);
  });

  it('counts results per scope that add up to All: every page is in one scope', () => {
    expect(docs.every((d) => SIDEBARS.some((s) => s.includes(d.sidebar!)))).toBe(true);
    for (const [query] of GOLDEN) {
      const { counts, hits } = scopedSearch(index, docs, query, 8, SIDEBARS, 0);
      expect(counts[1] + counts[2] + counts[3]).toBe(counts[0]);
      expect(counts[0]).toBeGreaterThanOrEqual(hits.length);
    }
  });

  it('finds every operation of the OpenAPI description by its method and path, in the top 3', () => {
    const description = parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi/vaultline.yaml'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const queries = Object.entries(description.paths).flatMap(([route, item]) => Object.keys(item).filter((m) => /^(get|put|post|patch|delete)$/.test(m)).map((m) => `${m.toUpperCase()} ${route}`));
    expect(queries.length).toBeGreaterThanOrEqual(70);
    const missed = queries.filter((query) => !search(index, docs, query, 8).slice(0, 3).some((h) => h.heading.map((s) => s.text).join('') === query));
    expect(missed).toEqual([]);
  });

  it('answers a test card number typed digit by digit', () => {
    // lunr's typo expansion over the vocabulary names words it does not hold ("401288889" for
    // "40128888"), where lunr's own query throws: they match nothing.
    const card = '4012888888881881';
    for (let i = 2; i < card.length; i++) expect(() => search(index, docs, card.slice(0, i), 8)).not.toThrow();
    expect(pagesOf(search(index, docs, card, 8)).slice(0, 3)).toContain('/docs/api/3ds/sessions');
  });

  it('indexes only doc pages, section by section, linking to the heading', () => {
    expect(docs.every((d) => d.url.startsWith('/docs/'))).toBe(true);
    expect(docs.filter((d) => d.heading).every((d) => /#[\w-]+$/.test(d.url))).toBe(true);
    // Nothing from the shell: navbar, footer, pagination.
    expect(docs.some((d) => /Sign In|Copyright © Vaultline|Previous|Next »/.test(d.text))).toBe(false);
  });
});

describe('golden search queries per docs version', () => {
  it('gives each version its own documents: the latest none of 1.160.0, 1.160.0 only its own', () => {
    expect(docs.some((d) => d.url.startsWith(`/docs/${OLD}/`))).toBe(false);
    expect(oldDocs.length).toBeGreaterThan(1000);
    expect(oldDocs.every((d) => d.url.startsWith(`/docs/${OLD}/`))).toBe(true);
  });

  it.each(GOLDEN.filter(([, page]) => !ADDED_SINCE.includes(page)))('%s → %s of 1.160.0 in the top 3 of its search, every result in 1.160.0', (query, page) => {
    const pages = pagesOf(search(oldIndex, oldDocs, query, 8));
    expect(pages.slice(0, 3)).toContain(inOld(page));
    expect(pages.every((p) => p.startsWith(`/docs/${OLD}/`))).toBe(true);
  });

  it.each(ADDED_SINCE)('%s, added since 1.160.0, is nowhere in its search', (page) => {
    expect(oldDocs.some((d) => d.url.split('#')[0] === inOld(page))).toBe(false);
    expect(docs.some((d) => d.url.split('#')[0] === page)).toBe(true);
  });

  it.each(SCOPED.filter(([, , page]) => !ADDED_SINCE.includes(page)))('%s in %s → %s of 1.160.0 in the top 3 of that scope', (query, scope, page) => {
    const chosen = scopeNumber(scope);
    const { hits, counts } = scopedSearch(oldIndex, oldDocs, query, 8, SIDEBARS, chosen);
    expect(pagesOf(hits).slice(0, 3)).toContain(inOld(page));
    expect(hits.every((h) => SIDEBARS[chosen - 1].includes(oldDocs[h.ref].sidebar!))).toBe(true);
    expect(counts[1] + counts[2] + counts[3]).toBe(counts[0]);
  });
});
