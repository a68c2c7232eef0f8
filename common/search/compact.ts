/**
 * A compact serialization of a lunr 2.3.9 index, a fraction of `JSON.stringify(index)`'s size:
 * for each document and field, the positions of its terms in the sorted term list (a term
 * repeated as often as it occurs). The browser inverts those lists into postings weighted as
 * lunr weighs them (scorer.ts): nothing is tokenized or stemmed there.
 */

export interface CompactIndex {
  /** Format version of this encoding. */
  c: 2;
  version: string;
  fields: string[];
  boosts: number[];
  pipeline: string[];
  k1: number;
  b: number;
  /** Every term, most frequent first: a term's position is its vector index. */
  terms: string[];
  /** Per field, per document (ref = position): delta-encoded term positions, a repeated term as delta 0. */
  vectors: number[][][];
}

/** Field boosts: the page title weighs most, then section headings, then the body. */
export const FIELDS = { title: 10, heading: 5, body: 1 } as const;
