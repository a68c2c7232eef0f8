import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSearch } from '../../theme/components/SearchBar/shards.ts';
import { pointerFileOf } from '../../common/search/versions.ts';
import { SearchIndex } from '../../theme/components/SearchBar/scorer.ts';
import { scopedSearch, type SearchDoc, type SearchPointer } from '../../theme/components/SearchBar/query.ts';
import { copyFixture, docgen } from '../helpers.ts';

/*
 * Golden queries per docs version, with the browser's own search code, on the `versions`
 * fixture (3.0.0 the latest, 2.0.0 and 1.0.0 older) given the scopes Guides and API: each
 * version's files find that version's pages only, and a scope keeps to its sidebars within the
 * version (1.0.0's one sidebar, "docs", is in no scope: its pages are under All only).
 */
const SCOPES = [
  { label: 'Guides', sidebars: ['guides'] },
  { label: 'API', sidebars: ['api'] },
];

/** [version (undefined: the latest), query, scope (0: All), the page in the top 3, or null: no result]. */
const GOLDEN: [version: string | undefined, query: string, scope: number, page: string | null][] = [
  [undefined, 'nebula', 0, '/docs/guide/nebula'],
  [undefined, 'install orbit', 0, '/docs/guide/install'],
  [undefined, 'tokens expire', 2, '/docs/api/tokens'],
  [undefined, 'nebula', 1, '/docs/guide/nebula'],
  [undefined, 'quasar', 0, null],
  ['2.0.0', 'tokens', 0, '/docs/2.0.0/api/tokens'],
  ['2.0.0', 'tokens', 2, '/docs/2.0.0/api/tokens'],
  ['2.0.0', 'install orbit', 1, '/docs/2.0.0/guide/install'],
  ['2.0.0', 'nebula', 0, null],
  ['1.0.0', 'quasar', 0, '/docs/1.0.0/guide/quasar'],
  ['1.0.0', 'install', 0, '/docs/1.0.0/guide/install'],
  ['1.0.0', 'nebula', 0, null],
  ['1.0.0', 'quasar', 1, null],
];

const loaded = new Map<string | undefined, { docs: SearchDoc[]; index: SearchIndex }>();

beforeAll(async () => {
  const site = copyFixture('versions');
  const configFile = path.join(site, 'site.config.ts');
  writeFileSync(configFile, readFileSync(configFile, 'utf8').replace('sidebars: {', `search: { scopes: ${JSON.stringify(SCOPES)} },\n  sidebars: {`));
  const result = await docgen(site, ['build', '--strict']);
  expect(result.stderr).toBe('');
  const out = path.join(site, 'build');
  const json = (file: string) => JSON.parse(readFileSync(path.join(out, file), 'utf8'));
  for (const version of [undefined, '2.0.0', '1.0.0']) {
    const pointer = json(pointerFileOf(version)) as SearchPointer;
    loaded.set(version, readSearch(json, pointer));
  }
}, 180_000);

const base = (version: string | undefined) => (version ? `/docs/${version}/` : '/docs/');

describe('golden search queries per docs version', () => {
  it.each(GOLDEN)('version %s: %s in scope %i → %s', (version, query, scope, page) => {
    const { docs, index } = loaded.get(version)!;
    const { hits } = scopedSearch(index, docs, query, 8, SCOPES.map((s) => s.sidebars), scope);
    const pages = hits.map((h) => h.url.split('#')[0]);
    if (page === null) expect(pages).toEqual([]);
    else expect(pages.slice(0, 3)).toContain(page);
    // Results stay in the version searched.
    const others = ['/docs/2.0.0/', '/docs/1.0.0/'].filter((b) => b !== base(version));
    expect(pages.every((p) => p.startsWith(base(version)) && !others.some((o) => p.startsWith(o)))).toBe(true);
  });

  it('gives every version its own files, scopes counted within the version', () => {
    const latest = loaded.get(undefined)!;
    expect(latest.docs.every((d) => !/^\/docs\/\d/.test(d.url))).toBe(true);
    expect(loaded.get('2.0.0')!.docs.every((d) => d.url.startsWith('/docs/2.0.0/'))).toBe(true);
    // 2.0.0 keeps the sidebars guides and api (its main page, in neither folder, is in no
    // scope); 1.0.0 has only "docs", in no scope.
    const sidebarOf = new Map(loaded.get('2.0.0')!.docs.map((d) => [d.url.split('#')[0], d.sidebar]));
    expect(Object.fromEntries(sidebarOf)).toMatchObject({ '/docs/2.0.0/guide/install': 'guides', '/docs/2.0.0/api/tokens': 'api', '/docs/2.0.0/': undefined });
    expect(loaded.get('1.0.0')!.docs.some((d) => d.sidebar !== undefined)).toBe(false);
    const { counts } = scopedSearch(loaded.get('1.0.0')!.index, loaded.get('1.0.0')!.docs, 'quasar', 8, SCOPES.map((s) => s.sidebars), 0);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts.slice(1)).toEqual([0, 0]);
  });
});
