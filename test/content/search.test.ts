import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompactIndex } from '../../common/search/compact.ts';
import { SearchIndex } from '../../theme/components/SearchBar/scorer.ts';
import { unpackDocs } from '../../common/search/docs.ts';
import { scopedSearch, search, type SearchDoc, type SearchPointer } from '../../theme/components/SearchBar/query.ts';
import { parseConfig } from '../../generator/config/index.ts';
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

let index: SearchIndex;
let docs: SearchDoc[];

beforeAll(async () => {
  const out = await sharedRealBuild();
  const pointer = JSON.parse(readFileSync(path.join(out, 'search-files.json'), 'utf8')) as SearchPointer;
  docs = unpackDocs(JSON.parse(readFileSync(path.join(out, pointer.searchDoc), 'utf8')));
  index = SearchIndex.fromCompact(JSON.parse(readFileSync(path.join(out, pointer.lunrIndex), 'utf8')) as CompactIndex);
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

  it('indexes only doc pages, section by section, linking to the heading', () => {
    expect(docs.every((d) => d.url.startsWith('/docs/'))).toBe(true);
    expect(docs.filter((d) => d.heading).every((d) => /#[\w-]+$/.test(d.url))).toBe(true);
    // Nothing from the shell: navbar, footer, pagination.
    expect(docs.some((d) => /Sign In|Copyright © Vaultline|Previous|Next »/.test(d.text))).toBe(false);
  });
});
