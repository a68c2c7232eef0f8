/**
 * A compact serialization of a lunr 2.3.9 index, a fraction of `JSON.stringify(index)`'s size:
 * for each document and field, the positions of its terms in the sorted term list (a term
 * repeated as often as it occurs). `expandIndex` turns it back into exactly the object
 * `lunr.Index.load` takes, with lunr's own BM25 weights (k1, b, boosts, 3-decimal precision):
 * the inverted index is those lists inverted, and nothing is tokenized or stemmed in the browser.
 */

/** lunr's own serialization (lunr 2.3.9). */
export interface LunrSerialized {
  version: string;
  fields: string[];
  fieldVectors: [string, number[]][];
  invertedIndex: [string, Record<string, unknown>][];
  pipeline: string[];
}

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

/** The serialized lunr index back from its compact form (what lunr's Builder#build would give). */
export function expandIndex(compact: CompactIndex): LunrSerialized {
  const { fields, terms, k1, b } = compact;
  const n = compact.vectors[0]?.length ?? 0;
  // Term frequencies per field and document, and the inverted index (term → field → refs).
  const frequencies = fields.map((_, j) =>
    compact.vectors[j].map((deltas) => {
      const out: [number, number][] = [];
      let pos = 0;
      deltas.forEach((d, i) => {
        pos = i === 0 ? d : pos + d;
        if (i > 0 && d === 0) out[out.length - 1][1]++;
        else out.push([pos, 1]);
      });
      return out;
    }),
  );
  const postings: Record<string, Record<string, object>>[] = terms.map(() => Object.fromEntries(fields.map((f) => [f, {}])));
  const documentsWithTerm = new Array<number>(terms.length).fill(0);
  frequencies.forEach((docs, j) =>
    docs.forEach((list, ref) => {
      for (const [pos] of list) {
        postings[pos][fields[j]][ref] = {};
        documentsWithTerm[pos]++;
      }
    }),
  );
  const idf = documentsWithTerm.map((df) => Math.log(1 + Math.abs((n - df + 0.5) / (df + 0.5))));
  const fieldVectors: [string, number[]][] = [];
  const lengths = frequencies.map((docs) => docs.map((list) => list.reduce((s, [, tf]) => s + tf, 0)));
  const average = lengths.map((ls) => ls.reduce((s, l) => s + l, 0) / n);
  for (let ref = 0; ref < n; ref++) {
    fields.forEach((f, j) => {
      const out: number[] = [];
      for (const [pos, tf] of frequencies[j][ref]) {
        const score = ((idf[pos] * ((k1 + 1) * tf)) / (k1 * (1 - b + b * (lengths[j][ref] / average[j])) + tf)) * compact.boosts[j];
        out.push(pos, Math.round(score * 1000) / 1000);
      }
      fieldVectors.push([`${f}/${ref}`, out]);
    });
  }
  // lunr.Index.load wants the terms in sorted order (its token set is built incrementally).
  const invertedIndex: [string, Record<string, unknown>][] = terms.map((t, i): [string, Record<string, unknown>] => [t, { _index: i, ...postings[i] }]).sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return { version: compact.version, fields, fieldVectors, invertedIndex, pipeline: compact.pipeline };
}
