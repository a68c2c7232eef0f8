/**
 * Queries over the built index, scored as lunr 2.3.9 scores them (BM25 weights per field, the
 * query vector's dot product over its magnitude), but from postings instead of lunr's per-field
 * document vectors. On the 2,000-page corpus lunr's `Index.load` took ~1 s and its `query` built
 * a MatchData object per matching field of every document; here loading is one pass over the
 * file and a query adds numbers into one array. lunr still expands each clause (its TokenSet
 * does the prefix and one-typo matching) and stems. test/unit/search/scorer.test.ts checks the
 * results against lunr's own index.
 */
import lunr from 'lunr';
import type { CompactIndex } from '../../../common/search/compact.ts';

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
  /** Every matching document, best first (equal scores: lower ref first). */
  results: Result[];
  /** The index terms a document matched (asked only for the few shown). */
  termsOf(ref: number): string[];
}

interface Posting {
  docs: Int32Array;
  weights: Float64Array;
}

export class SearchIndex {
  private readonly termIndex: Map<string, number>;
  private readonly tokenSet: lunr.TokenSet;
  private readonly scores: Float64Array;
  private readonly seen: Uint8Array;

  private constructor(
    readonly documentCount: number,
    private readonly terms: string[],
    /** Per term, per field. */
    private readonly postings: Posting[][],
  ) {
    this.termIndex = new Map(terms.map((t, i) => [t, i]));
    this.tokenSet = TokenSet.fromArray([...terms].sort());
    this.scores = new Float64Array(documentCount);
    this.seen = new Uint8Array(documentCount);
  }

  /** The index from its file: per field and document the term positions, inverted into postings with lunr's weights. */
  static fromCompact(c: CompactIndex): SearchIndex {
    const n = c.vectors[0]?.length ?? 0;
    const fields = c.fields.length;
    const counts = c.terms.map(() => new Int32Array(fields));
    const df = new Int32Array(c.terms.length);
    const lengths = c.vectors.map((docs) => docs.map((d) => d.length));
    // Term frequencies per field and document, from the delta-encoded positions.
    const frequencies = c.vectors.map((docs, f) =>
      docs.map((deltas) => {
        const out: number[] = [];
        let pos = 0;
        deltas.forEach((d, i) => {
          pos = i === 0 ? d : pos + d;
          if (i > 0 && d === 0) out[out.length - 1]++;
          else {
            out.push(pos, 1);
            counts[pos][f]++;
            df[pos]++;
          }
        });
        return out;
      }),
    );
    const postings = c.terms.map((_, t) => Array.from({ length: fields }, (_, f) => ({ docs: new Int32Array(counts[t][f]), weights: new Float64Array(counts[t][f]) })));
    const filled = c.terms.map(() => new Int32Array(fields));
    const idf = Array.from(df, (d) => Math.log(1 + Math.abs((n - d + 0.5) / (d + 0.5))));
    for (let f = 0; f < fields; f++) {
      const average = lengths[f].reduce((s, l) => s + l, 0) / n;
      for (let ref = 0; ref < n; ref++) {
        const list = frequencies[f][ref];
        const norm = c.k1 * (1 - c.b + c.b * (lengths[f][ref] / average));
        for (let i = 0; i < list.length; i += 2) {
          const [t, tf] = [list[i], list[i + 1]];
          const score = ((idf[t] * ((c.k1 + 1) * tf)) / (norm + tf)) * c.boosts[f];
          const p = postings[t][f];
          const at = filled[t][f]++;
          p.docs[at] = ref;
          p.weights[at] = Math.round(score * 1000) / 1000;
        }
      }
    }
    return new SearchIndex(n, c.terms, postings);
  }

  /** The index terms a clause stands for (prefix and typo expansion by lunr's TokenSet). */
  private expand(clause: Clause): string[] {
    const term = clause.usePipeline ? String(lunr.stemmer(new lunr.Token(clause.term, {}))) : clause.term;
    if (!clause.prefix && !clause.editDistance) return this.termIndex.has(term) ? [term] : [];
    const set = clause.editDistance ? TokenSet.fromFuzzyString(term, clause.editDistance) : TokenSet.fromString(`${term}*`);
    return this.tokenSet.intersect(set).toArray();
  }

  /** Documents matching any clause, best first, with lunr's scores. */
  query(clauses: Clause[]): Results {
    // The query vector: each term's summed clause boosts (the same for every field).
    const boosts = new Map<number, number>();
    for (const clause of clauses) {
      for (const term of this.expand(clause)) {
        const t = this.termIndex.get(term)!;
        boosts.set(t, (boosts.get(t) ?? 0) + clause.boost);
      }
    }
    let magnitude = 0;
    for (const b of boosts.values()) magnitude += b * b;
    magnitude = Math.sqrt(magnitude);
    const { scores, seen } = this;
    const touched: number[] = [];
    for (const [t, boost] of boosts) {
      for (const { docs, weights } of this.postings[t]) {
        for (let i = 0; i < docs.length; i++) {
          const ref = docs[i];
          if (!seen[ref]) {
            seen[ref] = 1;
            touched.push(ref);
          }
          scores[ref] += (boost * weights[i]) / magnitude;
        }
      }
    }
    const results = touched.map((ref) => ({ ref, score: scores[ref] }));
    for (const ref of touched) {
      scores[ref] = 0;
      seen[ref] = 0;
    }
    results.sort((a, b) => b.score - a.score || a.ref - b.ref);
    return { results, termsOf: (ref) => [...boosts.keys()].filter((t) => this.postings[t].some((p) => binarySearch(p.docs, ref))).map((t) => this.terms[t]) };
  }
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
