/**
 * The sharded search files: a manifest (`lunr-index-<ts>.json`) the box loads first, term shards
 * (postings of a range of index terms) and document shards (records of a range of pages) that a
 * query loads only when it touches them, so what a reader downloads does not grow with the site.
 *
 *   manifest       { c: 4, stamp, terms (sorted vocabulary), keys (first key of each term shard),
 *                    n, fields, boosts, k1, b, averages, pages (records per page),
 *                    docShards (pages per document shard), sidebars?, pageSidebars? }
 *   term shard     { t: [[field postings…], …], h: [[head word, refs], …] }
 *   document shard { pages: […] }  (docs.ts, the pages of its range)
 *
 * A field's postings are `[ref deltas, field lengths, tfs?]` (tfs only where one is not 1), or 0,
 * each list of numbers packed in a string (`packNumbers`):
 * the BM25 weight of each posting is computed from them with the global statistics in the
 * manifest, by the same arithmetic lunr uses (`weight`), so scores equal lunr's. Where the
 * manifest has `lengths` (each record's field lengths, once), a field's postings are `[ref
 * deltas, tfs?]`: on a small site the table is a fraction of what a length per posting costs
 * one term shard, on a large one a query would download a table bigger than its shards. `h` holds the
 * words of record titles (page records) and headings (section records) as typed, not stemmed:
 * what ranks a title that holds the very words of a query first.
 *
 * A common term's postings are split: its `HEAD_POSTINGS` best-weighted per field in the term
 * shard, the rest in the shard's tail file (`tailFile`), so the first results of a query over
 * common words come from a few KB, and the exact ones once the tails are in.
 *
 * Shard files are named from the manifest's stamp and their number (`shardFile`): the names are
 * not listed, and the same documents give the same names.
 */

/**
 * One field's postings: delta-encoded refs, each record's field length (unless the manifest has
 * `lengths`), and term frequencies (absent: all 1).
 */
export type FieldPostings = 0 | [deltas: string, lengths: string, tfs?: string] | [deltas: string, tfs?: string];

/**
 * A term's postings per field (lunr's df is their total length: the number of fields of records
 * holding it). The term is not written: a term shard's entries are the vocabulary's terms from
 * its first key on, in order (`firstTerm`); a tail's are the terms of its `d`, in order.
 */
export type TermEntry = FieldPostings[];

/** A word of titles and headings and the records (delta-encoded refs) whose title or heading holds it. */
export type HeadEntry = [word: string, deltas: string];

export interface TermShard {
  t: TermEntry[];
  h: HeadEntry[];
  /** The df of terms whose postings are split between this shard and its tail (see `tailFile`). */
  d?: [term: string, df: number][];
  /** 1 when this shard's tail file holds postings. */
  x?: 1;
}

export interface SearchManifest {
  /** Format version of this encoding. */
  c: 4;
  /** Names the shard files (`shardFile`). */
  stamp: string;
  version: string;
  fields: string[];
  boosts: number[];
  k1: number;
  b: number;
  /** Number of records. */
  n: number;
  /** Per field, the average field length (lunr's `averageFieldLength`). */
  averages: number[];
  /** Per field, each record's field length, when postings do not carry them (see `FieldPostings`). */
  lengths?: string[];
  /** Every index term, sorted: what prefix and typo expansion run over. */
  terms: string[];
  /** The first key (term or head word) of each term shard, sorted: shard i holds keys from keys[i] up to keys[i + 1]. */
  keys: string[];
  /** Records per page, in ref order (a page's own record first). */
  pages: number[];
  /** Pages per document shard, in order. */
  docShards: number[];
  /** The sidebars search scopes name, and per page 1 + its sidebar's position there (0: none). */
  sidebars?: string[];
  pageSidebars?: number[];
}

/** Most shards of each kind a manifest names (their number is written in four digits, tails from 5000 on). */
export const MAX_SHARDS = 5000;

/**
 * Postings per field a term shard holds of a term, its best-weighted ones: a common term's
 * others are in the shard's tail file, which the box reads after showing the first results.
 */
export const HEAD_POSTINGS = 1000;

/** A shard's file name: the kind's prefix, the manifest's stamp, the shard's number in four digits. */
export function shardFile(kind: 'terms' | 'docs', stamp: string, i: number): string {
  return `${kind === 'terms' ? 'lunr-index' : 'search-doc'}-${stamp}${String(i).padStart(4, '0')}.json`;
}

/** The tail file of term shard `i`: the postings of its terms beyond their `HEAD_POSTINGS` best. */
export function tailFile(stamp: string, i: number): string {
  return shardFile('terms', stamp, MAX_SHARDS + i);
}

/** The term shard holding `key` (the last whose first key is ≤ it). */
export function shardOf(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (keys[mid] <= key) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The position in the sorted vocabulary of term shard `i`'s first term (the first term not before its first key). */
export function firstTerm(terms: readonly string[], keys: readonly string[], i: number): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (terms[mid] < keys[i]) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The term shards holding keys that start with `prefix`. */
export function shardsWithPrefix(keys: readonly string[], prefix: string): number[] {
  const first = shardOf(keys, prefix);
  const out = [first];
  for (let i = first + 1; i < keys.length && keys[i].startsWith(prefix); i++) out.push(i);
  return out;
}

/** lunr's inverse document frequency. */
export function idf(df: number, n: number): number {
  return Math.log(1 + Math.abs((n - df + 0.5) / (df + 0.5)));
}

/** A posting's BM25 weight as lunr 2.3.9 computes it (rounded to three decimals). */
export function weight(termIdf: number, tf: number, length: number, average: number, boost: number, k1: number, b: number): number {
  const norm = k1 * (1 - b + b * (length / average));
  const score = ((termIdf * ((k1 + 1) * tf)) / (norm + tf)) * boost;
  return Math.round(score * 1000) / 1000;
}

/**
 * Digits of a packed list of numbers (`packNumbers`): base 32, most significant first, every
 * digit but a number's last one from the upper half, so no separator is needed. Postings as
 * JSON arrays of small numbers spent about as many bytes on commas as on digits, even gzipped.
 */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
const VALUE = new Int8Array(128).fill(-1);
for (let d = 0; d < 64; d++) VALUE[DIGITS.charCodeAt(d)] = d;

/** Non-negative integers as one string (see `DIGITS`). */
export function packNumbers(xs: readonly number[]): string {
  let out = '';
  for (const x of xs) {
    let digits = DIGITS[x & 31];
    for (let v = Math.floor(x / 32); v > 0; v = Math.floor(v / 32)) digits = DIGITS[32 + (v & 31)] + digits;
    out += digits;
  }
  return out;
}

/** The characters `packNumbers` writes for `x`. */
export function packedLength(x: number): number {
  let n = 1;
  for (let v = Math.floor(x / 32); v > 0; v = Math.floor(v / 32)) n++;
  return n;
}

/** The numbers of a `packNumbers` string. */
export function unpackNumbers(packed: string): Int32Array {
  let count = 0;
  for (let i = 0; i < packed.length; i++) if (VALUE[packed.charCodeAt(i)] < 32) count++;
  const out = new Int32Array(count);
  let v = 0;
  let k = 0;
  for (let i = 0; i < packed.length; i++) {
    const d = VALUE[packed.charCodeAt(i)];
    if (d >= 32) v = v * 32 + d - 32;
    else {
      out[k++] = v * 32 + d;
      v = 0;
    }
  }
  return out;
}

/** The ascending numbers of packed deltas (delta encoding undone). */
export function undelta(packed: string): Int32Array {
  const out = unpackNumbers(packed);
  for (let i = 1; i < out.length; i++) out[i] += out[i - 1];
  return out;
}

/** Delta-encode ascending numbers. */
export function delta(sorted: readonly number[]): number[] {
  return sorted.map((x, i) => (i === 0 ? x : x - sorted[i - 1]));
}

/** Field boosts: the page title weighs most, then section headings, then the body. */
export const FIELDS = { title: 10, heading: 5, body: 1 } as const;
