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

/** What lunr's Builder holds after `add`ing every document (refs `0..n-1`). */
export interface BuilderState {
  version: string;
  fields: { name: string; boost: number }[];
  pipeline: string[];
  k1: number;
  b: number;
  documentCount: number;
  /** `field/ref` → term → occurrences. */
  fieldTermFrequencies: Record<string, Record<string, number>>;
}

export function compactIndex(state: BuilderState): CompactIndex {
  const termSet = new Set<string>();
  for (const tf of Object.values(state.fieldTermFrequencies)) for (const t of Object.keys(tf)) termSet.add(t);
  // Most frequent terms first: small positions and deltas compress best.
  const df = new Map<string, number>();
  for (const tf of Object.values(state.fieldTermFrequencies)) for (const t of Object.keys(tf)) df.set(t, (df.get(t) ?? 0) + 1);
  const terms = [...termSet].sort((a, b) => df.get(b)! - df.get(a)! || (a < b ? -1 : 1));
  const position = new Map(terms.map((t, i) => [t, i]));
  const vectors = state.fields.map((f) =>
    Array.from({ length: state.documentCount }, (_, ref) => {
      const tf = state.fieldTermFrequencies[`${f.name}/${ref}`] ?? {};
      const positions = Object.entries(tf)
        .flatMap(([t, n]) => Array<number>(n).fill(position.get(t)!))
        .sort((a, b) => a - b);
      return positions.map((p, i) => (i === 0 ? p : p - positions[i - 1]));
    }),
  );
  return { c: 2, version: state.version, fields: state.fields.map((f) => f.name), boosts: state.fields.map((f) => f.boost), pipeline: state.pipeline, k1: state.k1, b: state.b, terms, vectors };
}
