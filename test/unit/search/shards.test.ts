import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePostings } from '../../../common/search/postings.ts';
import { delta, FIELDS, HEAD_POSTINGS, packedLength, packNumbers, shardFile, shardOf, shardsWithPrefix, tailFile, undelta, unpackNumbers, type SearchManifest } from '../../../common/search/shards.ts';
import { balance, shardCounts, shardIndex, type ShardedIndex } from '../../../generator/search/shards.ts';
import type { IndexedDoc } from '../../../generator/model.ts';
import { scopedSearch, type ScopedHits } from '../../../theme/components/SearchBar/query.ts';
import { ShardedSearch } from '../../../theme/components/SearchBar/shards.ts';
import { searchOf } from '../../search-helpers.ts';
import { Prose } from '../../bench/corpus/prose.mjs';
import { Rng } from '../../bench/corpus/rng.mjs';

/** Records like a corpus page's: its own record, then `sections` sections of a few sentences. */
function corpus(pages: number, sections = 10): IndexedDoc[] {
  const g = new Prose(new Rng(7));
  const out: IndexedDoc[] = [];
  for (let p = 0; p < pages; p++) {
    const title: string = g.pageTitle();
    const route = `/docs/p${p}`;
    const lead: string = g.description();
    out.push({ title, heading: '', url: route, text: lead.slice(0, 80), body: lead, keywords: '', ...(p % 3 === 0 ? { sidebar: 'api' } : {}) });
    for (let s = 0; s < sections; s++) {
      const heading: string = g.phrase();
      const body = Array.from({ length: 6 }, () => g.sentence()).join(' ');
      out.push({ title, heading, url: `${route}#s${s}`, text: body.slice(0, 80), body, keywords: '', ...(p % 3 === 0 ? { sidebar: 'api' } : {}) });
    }
  }
  return out;
}

/** The files of a sharded index by name, as served (JSON text). */
function served(sharded: ShardedIndex): Map<string, string> {
  const { stamp } = sharded.manifest;
  const files = new Map<string, string>();
  sharded.terms.forEach((t, i) => files.set(shardFile('terms', stamp, i), JSON.stringify(t)));
  sharded.tails.forEach((t, i) => files.set(tailFile(stamp, i), JSON.stringify(t)));
  sharded.docs.forEach((d, i) => files.set(shardFile('docs', stamp, i), JSON.stringify(d)));
  return files;
}

/** A box's engine over `files`, and the names it has read. */
function engine(manifest: SearchManifest, files: Map<string, string>) {
  const read: string[] = [];
  const search = new ShardedSearch(JSON.parse(JSON.stringify(manifest)), async (file) => {
    read.push(file);
    return JSON.parse(files.get(file)!);
  });
  return { search, read };
}

const shape = (found: ScopedHits) => ({ counts: found.counts, hits: found.hits.map((h) => [h.url, h.score.toFixed(9), h.terms.join(' ')]) });

describe('shards', () => {
  it('balances items into consecutive groups of about equal size, never more than asked', () => {
    expect(balance([1, 1, 1, 1, 1, 1], 3)).toEqual([2, 2, 2]);
    expect(balance([10, 1, 1, 1, 1], 2)).toEqual([1, 4]);
    expect(balance([1, 1], 5)).toEqual([1, 1]);
    expect(balance([], 3)).toEqual([0]);
  });

  it('packs lists of numbers into strings and back', () => {
    const xs = [0, 1, 31, 32, 33, 1023, 1024, 99_999, 2 ** 31 - 1, 7, 0];
    expect(packNumbers(xs)).toMatch(/^[0-9A-Za-z_-]+$/);
    expect([...unpackNumbers(packNumbers(xs))]).toEqual(xs);
    expect(xs.map((x) => packNumbers([x]).length)).toEqual(xs.map(packedLength));
    expect([...unpackNumbers('')]).toEqual([]);
    expect([...undelta(packNumbers(delta([3, 4, 40, 1000])))]).toEqual([3, 4, 40, 1000]);
  });

  it('finds the shard of a key and the shards of a prefix', () => {
    const keys = ['', 'c', 'co', 'cp', 'm'];
    expect(shardOf(keys, 'a')).toBe(0);
    expect(shardOf(keys, 'cat')).toBe(1);
    expect(shardOf(keys, 'con')).toBe(2);
    expect(shardOf(keys, 'z')).toBe(4);
    expect(shardsWithPrefix(keys, 'c')).toEqual([1, 2, 3]);
    expect(shardsWithPrefix(keys, 'co')).toEqual([2]);
    expect(shardFile('terms', '42', 7)).toBe('lunr-index-420007.json');
    expect(tailFile('42', 7)).toBe('lunr-index-425007.json');
    expect(shardFile('docs', '42', 12)).toBe('search-doc-420012.json');
  });

  const docs = corpus(400);
  it('answers the same, scores and scope counts included, however many shards the index has', () => {
    const one = searchOf(docs, { terms: 1, docs: 1 });
    const many = searchOf(docs, { terms: 23, docs: 17 });
    for (const q of ['configure', 'retry polic', 'deploy the webhook', 'x', 'rotat secrets', 'each']) {
      for (const chosen of [0, 1]) expect(shape(scopedSearch(many.index, many.docs, q, 8, [['api']], chosen))).toEqual(shape(scopedSearch(one.index, one.docs, q, 8, [['api']], chosen)));
    }
  });

  it("keeps each record's field lengths once in the manifest where that is smaller than a shard's lengths per posting", () => {
    const small = shardIndex(docs, '1', { terms: 1, docs: 1 });
    expect(small.manifest.lengths?.map((l) => unpackNumbers(l).length)).toEqual([docs.length, docs.length, docs.length]);
    // Postings then carry refs and extra term frequencies only: no posting carries a length.
    const fieldsOf = (t: string) => t.split('|').filter((f) => f !== '');
    const withTfs = small.terms[0].t.flatMap(fieldsOf).filter((f) => f.split(' ').length === 2);
    expect(withTfs.length).toBeGreaterThan(0);
    expect(small.terms[0].t.flatMap(fieldsOf).every((f) => f.split(' ').length <= 2)).toBe(true);
    const large = shardIndex(docs, '1', { terms: 60, docs: 1 });
    expect(large.manifest.lengths).toBeUndefined();
    expect(large.terms.flatMap((t) => t.t.flatMap(fieldsOf)).every((f) => f.split(' ').length >= 2)).toBe(true);
    // Both answer alike (scores are lunr's either way).
    const one = searchOf(docs, { terms: 1, docs: 1 });
    const many = searchOf(docs, { terms: 60, docs: 1 });
    for (const q of ['configure', 'retry polic', 'deploy the webhook', 'rotat secrets']) expect(shape(scopedSearch(many.index, many.docs, q, 8, [], 0))).toEqual(shape(scopedSearch(one.index, one.docs, q, 8, [], 0)));
  });

  it('reads only the shards a query needs, and a common word first from its best postings, then exactly', async () => {
    const sharded = shardIndex(docs, '9', { terms: 30, docs: 40 });
    // A word so common that the shard keeps only its best postings.
    const common = sharded.tails.flatMap((t) => (t.d ?? []).map(([term]) => term)).find((t) => /^[a-z]{5,}$/.test(t))!;
    const query = `the ${common}`;
    const full = searchOf(docs, { terms: 30, docs: 40 });
    const { search, read } = engine(sharded.manifest, served(sharded));
    let exact: ScopedHits | undefined;
    const first = await search.query(query, 8, [], 0, (hits) => (exact = hits));
    expect(first.hits.length).toBe(8);
    // The tails are asked for once the first answer is made.
    const tails = new Set(sharded.tails.map((_, i) => tailFile('9', i)));
    const firstTail = read.findIndex((f) => tails.has(f));
    expect(firstTail).toBeGreaterThan(0);
    expect(read.slice(firstTail).every((f) => tails.has(f))).toBe(true);
    expect(firstTail).toBeLessThan(20);
    await new Promise((r) => setTimeout(r, 20));
    expect(shape(exact!)).toEqual(shape(scopedSearch(full.index, full.docs, query, 8, [], 0)));
    // Without a callback the answer waits for the tails.
    expect(shape(await engine(sharded.manifest, served(sharded)).search.query(common, 8, [], 0))).toEqual(shape(scopedSearch(full.index, full.docs, common, 8, [], 0)));
  });

  it('downloads at most 300 KB gzip before the first results of a query on a 10,000-page site', { timeout: 240_000 }, async () => {
    const big = corpus(10_000);
    const sharded = shardIndex(big, '1700000000000', shardCounts(big));
    const files = served(sharded);
    const manifest = JSON.stringify(sharded.manifest);
    const tails = new Set(sharded.tails.map((_, i) => tailFile('1700000000000', i)));
    const queries = big.filter((d, i) => d.heading && i % 4001 === 0).map((d) => d.heading.split(/\s+/).slice(0, 2).join(' ').toLowerCase());
    expect(queries.length).toBeGreaterThan(20);
    for (const q of queries) {
      const { search, read } = engine(sharded.manifest, files);
      const first = await search.query(q, 8, [], 0, () => {});
      const bytes = gzipSync(manifest).length + read.filter((f) => !tails.has(f)).reduce((s, f) => s + gzipSync(files.get(f)!).length, 0);
      expect(first.hits.length, q).toBeGreaterThan(0);
      expect(bytes / 1024, q).toBeLessThanOrEqual(300);
    }
  });
  it("keeps a common term's best-weighted postings in the shard, and of equal ones the first records", () => {
    // 1,200 records of two words each, all holding "zeta" once but ten holding it twice (a higher weight).
    const twice = (ref: number) => ref >= 1100 && ref < 1110;
    const docs: IndexedDoc[] = Array.from({ length: 1200 }, (_, ref) => ({ title: `t${ref}`, heading: '', url: `/p${ref}`, text: '', body: twice(ref) ? 'zeta zeta' : `zeta w${ref}`, keywords: '' }));
    const sharded = shardIndex(docs, '1', { terms: 1, docs: 1 });
    const tail = sharded.tails[0];
    expect(tail.d).toEqual([['zeta', 1200]]);
    const body = decodePostings(tail.t[0], Object.keys(FIELDS).length, sharded.manifest.lengths !== undefined)[Object.keys(FIELDS).indexOf('body')];
    const kept = HEAD_POSTINGS - 10;
    expect([...body.docs]).toEqual(Array.from({ length: 1200 }, (_, ref) => ref).filter((ref) => ref >= kept && !twice(ref)));
  });
});
