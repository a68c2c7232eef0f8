/**
 * Queries over the sharded index, scored as lunr 2.3.9 scores them (BM25 weights per field, the
 * query vector's dot product over its magnitude), from postings instead of lunr's per-field
 * document vectors. The manifest gives the vocabulary and the global statistics; a term shard's
 * postings get their weights when it is added (`addShard`), so a query only needs the shards
 * its terms are in (`shardsFor`). lunr still expands each clause (its TokenSet does the prefix
 * and one-typo matching over the whole vocabulary) and stems. test/unit/search/scorer.test.ts
 * checks the results against lunr's own index.
 */
import lunr from 'lunr';
import { bestFirst } from './ranked.ts';
import { firstTerm, idf, shardOf, shardsWithPrefix, undelta, unpackNumbers, weight, type FieldPostings, type SearchManifest, type TermShard } from '../../../common/search/shards.ts';

/** lunr's TokenSet constructors (public API, missing from @types/lunr). */
const TokenSet = lunr.TokenSet as unknown as {
  fromArray(sorted: string[]): lunr.TokenSet;
  fromString(pattern: string): lunr.TokenSet;
  fromFuzzyString(term: string, editDistance: number): lunr.TokenSet;
};

/** One clause as lunr's `Query#term` takes it (the fields are always all of them). */
export interface Clause {
  term: string;
  boost: number;
  /** Stem the term first (lunr's search pipeline). */
  usePipeline?: boolean;
  /** Match the term as a prefix. */
  prefix?: boolean;
  editDistance?: number;
}

export interface Result {
  ref: number;
  score: number;
}

export interface Results {
  /** Every matching document and its score (`scores[i]` is `refs[i]`'s), in no particular order: what counts need. */
  refs: Int32Array;
  scores: Float64Array;
  /** The matches best first (equal scores: lower ref first), each ranked when it is taken (`bestFirst`). */
  ranked(): Iterable<Result>;
  /** The index terms a document matched (asked only for the few shown). */
  termsOf(ref: number): string[];
}

interface Posting {
  docs: Int32Array;
  weights: Float64Array;
}

export class SearchIndex {
  readonly documentCount: number;
  private readonly termIndex: Map<string, number>;
  private readonly tokenSet: lunr.TokenSet;
  /** Per record, its score in the query being run; whether it matched; the records matched, in order met. */
  private readonly scores: Float64Array;
  private readonly seen: Uint8Array;
  private readonly touched: Int32Array;
  private readonly expanded = new Map<string, string[]>();
  /** Per term (by vocabulary position), per field; absent until its shard is added. */
  private readonly postings: (Posting[] | undefined)[];
  /** Per term shard, its head words and their records; absent until added. */
  private readonly heads: (Map<string, Int32Array> | undefined)[];
  /** Per term shard with a tail: whether it is added. */
  private readonly tails: (boolean | undefined)[] = [];
  /** Per field, each record's field length, when the manifest has them (else each posting has). */
  private readonly lengths?: Int32Array[];
  /** Per record, its page; per page, its first record. */
  private readonly pageOfRef: Int32Array;
  private readonly firstRef: Int32Array;

  constructor(private readonly manifest: SearchManifest) {
    const { terms, n, pages } = manifest;
    this.documentCount = n;
    this.termIndex = new Map(terms.map((t, i) => [t, i]));
    this.tokenSet = TokenSet.fromArray(terms);
    this.scores = new Float64Array(n);
    this.seen = new Uint8Array(n);
    this.touched = new Int32Array(n);
    this.postings = new Array(terms.length);
    this.lengths = manifest.lengths?.map(unpackNumbers);
    this.heads = new Array(manifest.keys.length);
    this.pageOfRef = new Int32Array(n);
    this.firstRef = new Int32Array(pages.length);
    let ref = 0;
    pages.forEach((count, page) => {
      this.firstRef[page] = ref;
      this.pageOfRef.fill(page, ref, (ref += count));
    });
  }

  /** The page a record belongs to (by position in the manifest). */
  pageOf(ref: number): number {
    return this.pageOfRef[ref];
  }

  /** Whether a record is its page's own (its title, not a section heading, is its head). */
  isPage(ref: number): boolean {
    return this.firstRef[this.pageOfRef[ref]] === ref;
  }

  /** The first record of a page. */
  firstOf(page: number): number {
    return this.firstRef[page];
  }

  /** The sidebar a record's page shows, when a search scope names it. */
  sidebarOf(ref: number): string | undefined {
    const at = this.manifest.pageSidebars?.[this.pageOfRef[ref]] ?? 0;
    return at === 0 ? undefined : this.manifest.sidebars![at - 1];
  }

  /** Whether a term shard's postings are in. */
  hasShard(i: number): boolean {
    return this.heads[i] !== undefined;
  }

  /** Whether term shard `i` has a tail not added yet (common terms' postings beyond their best). */
  tailPending(i: number): boolean {
    return this.tails[i] === false;
  }

  /**
   * Take in a term shard (or, `tail`, its tail file): its postings, weighted as lunr weighs
   * them (merged by ref with those already in), and its head words.
   */
  addShard(i: number, shard: TermShard, tail = false): void {
    if (tail ? this.tails[i] : this.heads[i]) return;
    const { n, averages, boosts, k1, b, terms, keys } = this.manifest;
    const table = this.lengths;
    const dfs = new Map(shard.d ?? []);
    const start = tail ? 0 : firstTerm(terms, keys, i);
    for (let k = 0; k < shard.t.length; k++) {
      const term = tail ? shard.d![k][0] : terms[start + k];
      const fields = shard.t[k].map((f) => (f === 0 ? { docs: new Int32Array(0) } : { docs: undelta(f[0]), ...unpackRest(f, table !== undefined) }));
      const termIdf = idf(dfs.get(term) ?? fields.reduce((s, f) => s + f.docs.length, 0), n);
      const lists = fields.map(({ docs, lengths, tfs }, field): Posting => {
        // Lengths from the manifest's table, or one per posting.
        const weights = Float64Array.from(docs, (ref, i) => weight(termIdf, tfs ? tfs[i] : 1, lengths ? lengths[i] : table![field][ref], averages[field], boosts[field], k1, b));
        return { docs, weights };
      });
      const id = tail ? this.termIndex.get(term)! : start + k;
      const have = this.postings[id];
      this.postings[id] = have ? have.map((p, f) => merge(p, lists[f])) : lists;
    }
    if (tail) this.tails[i] = true;
    else {
      this.heads[i] = new Map(shard.h.map(([word, deltas]) => [word, undelta(deltas)]));
      if (shard.x) this.tails[i] = false;
    }
  }

  /** The records whose title (page records) or heading (sections) holds `word` as typed, from the added shards. */
  headRefs(word: string): Int32Array | undefined {
    return this.heads[shardOf(this.manifest.keys, word)]?.get(word);
  }

  /** The head words starting with `prefix`, from the added shards. */
  headWordsWithPrefix(prefix: string): string[] {
    return shardsWithPrefix(this.manifest.keys, prefix).flatMap((i) => [...(this.heads[i]?.keys() ?? [])].filter((w) => w.startsWith(prefix)));
  }

  /** The term shards a query needs: its clauses' terms', and those of the words whose head records it checks. */
  shardsFor(clauses: Clause[], words: string[]): number[] {
    const keys = this.manifest.keys;
    const out = new Set<number>();
    for (const clause of clauses) for (const term of this.expand(clause)) out.add(shardOf(keys, term));
    words.forEach((w, i) => {
      for (const s of i === words.length - 1 ? shardsWithPrefix(keys, w) : [shardOf(keys, w), shardOf(keys, `${w}s`)]) out.add(s);
    });
    return [...out].sort((x, y) => x - y);
  }

  /** The index terms a clause stands for (prefix and typo expansion by lunr's TokenSet). */
  private expand(clause: Clause): string[] {
    // Asked twice per query (which shards, then the query itself), and again as a word is typed.
    const key = `${clause.term}\u0000${clause.usePipeline ? 1 : 0}${clause.prefix ? 1 : 0}${clause.editDistance ?? 0}`;
    let terms = this.expanded.get(key);
    if (!terms) {
      if (this.expanded.size > 256) this.expanded.clear();
      this.expanded.set(key, (terms = this.expandUncached(clause)));
    }
    return terms;
  }

  private expandUncached(clause: Clause): string[] {
    const term = clause.usePipeline ? String(lunr.stemmer(new lunr.Token(clause.term, {}))) : clause.term;
    if (!clause.prefix && !clause.editDistance) return this.termIndex.has(term) ? [term] : [];
    const set = clause.editDistance ? TokenSet.fromFuzzyString(term, clause.editDistance) : TokenSet.fromString(`${term}*`);
    // lunr's intersection of a typo set with the minimized vocabulary can name a word that is
    // not in it (typing a long card number on the real site did), where lunr's own query throws.
    return this.tokenSet.intersect(set).toArray().filter((t) => this.termIndex.has(t));
  }

  /** Documents matching any clause, with lunr's scores (ranked as the caller takes them). */
  query(clauses: Clause[]): Results {
    // The query vector: each term's summed clause boosts (the same for every field).
    const boosts = new Map<number, number>();
    for (const clause of clauses) {
      for (const term of this.expand(clause)) {
        const t = this.termIndex.get(term)!;
        if (!this.postings[t]) throw new Error(`search: the shard of "${term}" is not loaded`);
        boosts.set(t, (boosts.get(t) ?? 0) + clause.boost);
      }
    }
    let magnitude = 0;
    for (const b of boosts.values()) magnitude += b * b;
    magnitude = Math.sqrt(magnitude);
    const { scores, seen, touched } = this;
    let matched = 0;
    for (const [t, boost] of boosts) {
      for (const { docs, weights } of this.postings[t]!) {
        for (let i = 0; i < docs.length; i++) {
          const ref = docs[i];
          if (!seen[ref]) {
            seen[ref] = 1;
            touched[matched++] = ref;
          }
          scores[ref] += (boost * weights[i]) / magnitude;
        }
      }
    }
    const refs = touched.slice(0, matched);
    const scored = new Float64Array(matched);
    for (let i = 0; i < matched; i++) {
      const ref = refs[i];
      scored[i] = scores[ref];
      scores[ref] = 0;
      seen[ref] = 0;
    }
    return { refs, scores: scored, ranked: () => bestFirst(refs, scored), termsOf: (ref) => [...boosts.keys()].filter((t) => this.postings[t]!.some((p) => binarySearch(p.docs, ref))).map((t) => this.manifest.terms[t]) };
  }
}

/** A field's field lengths (unless the manifest's `table` has them) and term frequencies, unpacked. */
function unpackRest(f: Exclude<FieldPostings, 0>, table: boolean): { lengths?: Int32Array; tfs?: Int32Array } {
  const [lengths, tfs] = table ? [undefined, f[1]] : [f[1], f[2]];
  return { lengths: lengths === undefined ? undefined : unpackNumbers(lengths), tfs: tfs === undefined ? undefined : unpackNumbers(tfs) };
}

/** Two postings lists as one, by ref. */
function merge(a: Posting, b: Posting): Posting {
  const docs = new Int32Array(a.docs.length + b.docs.length);
  const weights = new Float64Array(docs.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < docs.length; k++) {
    const fromA = j >= b.docs.length || (i < a.docs.length && a.docs[i] < b.docs[j]);
    docs[k] = fromA ? a.docs[i] : b.docs[j];
    weights[k] = fromA ? a.weights[i++] : b.weights[j++];
  }
  return { docs, weights };
}

function binarySearch(sorted: Int32Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === value) return true;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
