/**
 * The sharded search files on the reading side: the manifest first, then per query only the
 * term shards its words need (`queryShards`) and the document shards of the hits it shows
 * (common/search/shards.ts has the format). The same code reads a whole build at once in Node
 * (`readSearch`, for tests and the bench).
 */
import { unpackDocs, type SearchDocFile } from '../../../common/search/docs.ts';
import { shardFile, tailFile, type SearchManifest, type TermShard } from '../../../common/search/shards.ts';
import type { SearchPointer } from '../../../common/search/text.ts';
import { hitsOf, queryShards, scopedRank, type ScopedHits, type SearchDoc } from './query.ts';
import { SearchIndex } from './scorer.ts';

/** The index, and the records of the document shards read so far (by ref). */
export class ShardedSearch {
  readonly index: SearchIndex;
  readonly docs: (SearchDoc | undefined)[];
  /** Per page, its document shard; per document shard, its first page. */
  private readonly shardOfPage: Int32Array;
  private readonly firstPage: number[] = [];
  private readonly loading = new Map<string, Promise<void>>();

  constructor(
    readonly manifest: SearchManifest,
    /** Reads a search file by name (fetch in the browser). */
    private readonly read: (file: string) => Promise<unknown>,
  ) {
    this.index = new SearchIndex(manifest);
    this.docs = new Array(manifest.n);
    this.shardOfPage = new Int32Array(manifest.pages.length);
    let page = 0;
    manifest.docShards.forEach((count, i) => {
      this.firstPage.push(page);
      this.shardOfPage.fill(i, page, (page += count));
    });
  }

  /** Take in a term shard's contents. */
  addTerms(i: number, shard: TermShard): void {
    this.index.addShard(i, shard);
  }

  /** Take in a document shard's contents: its records, from its first page's first record on. */
  addDocs(i: number, file: SearchDocFile): void {
    const start = this.index.firstOf(this.firstPage[i]);
    unpackDocs(file).forEach((doc, k) => (this.docs[start + k] = doc));
  }

  /** The document shard holding a record. */
  docShardOf(ref: number): number {
    return this.shardOfPage[this.index.pageOf(ref)];
  }

  private once(file: string, take: (contents: unknown) => void): Promise<void> {
    let load = this.loading.get(file);
    if (!load) {
      load = this.read(file).then(take);
      load.catch(() => this.loading.delete(file));
      this.loading.set(file, load);
    }
    return load;
  }

  /** Read the term shards a query needs; returns them. */
  async loadFor(input: string): Promise<number[]> {
    const stamp = this.manifest.stamp;
    const shards = queryShards(this.index, input);
    await Promise.all(shards.map((i) => this.once(shardFile('terms', stamp, i), (s) => this.addTerms(i, s as TermShard))));
    return shards;
  }

  /**
   * Answer a query: the term shards it needs, then the document shards of the hits it shows.
   * Where a common term's postings go on in a tail file, the first answer comes from its best
   * ones and `onExact` gets the exact answer once the tails are in (without `onExact`, the
   * answer waits for them).
   */
  async query(input: string, maxHits: number, scopes: readonly (readonly string[])[], chosen: number, onExact?: (hits: ScopedHits) => void): Promise<ScopedHits> {
    const shards = await this.loadFor(input);
    const tails = shards.filter((i) => this.index.tailPending(i));
    const exact = () => Promise.all(tails.map((i) => this.once(tailFile(this.manifest.stamp, i), (s) => this.index.addShard(i, s as TermShard, true)))).then(() => this.answer(input, maxHits, scopes, chosen));
    if (tails.length === 0 || !onExact) return tails.length === 0 ? this.answer(input, maxHits, scopes, chosen) : exact();
    const first = await this.answer(input, maxHits, scopes, chosen);
    exact().then(onExact, () => {});
    return first;
  }

  /** The answer from the term shards in: the hits, once their document shards are read. */
  private async answer(input: string, maxHits: number, scopes: readonly (readonly string[])[], chosen: number): Promise<ScopedHits> {
    const ranked = scopedRank(this.index, input, maxHits, scopes, chosen);
    if (!ranked) return { hits: [], counts: [0, ...scopes.map(() => 0)] };
    const shards = new Set(ranked.picked.map((r) => this.docShardOf(r.ref)));
    await Promise.all([...shards].map((i) => this.once(shardFile('docs', this.manifest.stamp, i), (d) => this.addDocs(i, d as SearchDocFile))));
    return { hits: hitsOf(this.docs, ranked.matched, ranked.picked), counts: ranked.counts };
  }
}

/**
 * Every search file of a build at once, read through `read` (by file name): the index with all
 * its shards (without `tails`, as a first answer sees them) and every record, for what searches
 * a whole build (tests, the bench).
 */
export function readSearch(read: (file: string) => unknown, pointer: SearchPointer, tails = true): { index: SearchIndex; docs: SearchDoc[] } {
  const manifest = read(pointer.lunrIndex) as SearchManifest;
  const search = new ShardedSearch(manifest, () => Promise.reject(new Error('read synchronously')));
  manifest.keys.forEach((_, i) => search.addTerms(i, read(shardFile('terms', manifest.stamp, i)) as TermShard));
  if (tails) manifest.keys.forEach((_, i) => search.index.tailPending(i) && search.index.addShard(i, read(tailFile(manifest.stamp, i)) as TermShard, true));
  manifest.docShards.forEach((_, i) => search.addDocs(i, read(shardFile('docs', manifest.stamp, i)) as SearchDocFile));
  return { index: search.index, docs: search.docs as SearchDoc[] };
}
