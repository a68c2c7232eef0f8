import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompactIndex } from '../../common/search/compact.ts';
import { SearchIndex } from '../../theme/components/SearchBar/scorer.ts';
import { unpackDocs } from '../../common/search/docs.ts';
import { search, type SearchDoc, type SearchPointer } from '../../theme/components/SearchBar/query.ts';
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

  it('indexes only doc pages, section by section, linking to the heading', () => {
    expect(docs.every((d) => d.url.startsWith('/docs/'))).toBe(true);
    expect(docs.filter((d) => d.heading).every((d) => /#[\w-]+$/.test(d.url))).toBe(true);
    // Nothing from the shell: navbar, footer, pagination.
    expect(docs.some((d) => /Sign In|Copyright © Vaultline|Previous|Next »/.test(d.text))).toBe(false);
  });
});
