/**
 * A term's postings in a term shard, as one string: its fields' postings separated by `|` (a
 * field without any is empty; empty fields at the end are left out), each field's lists
 * separated by spaces:
 *
 *   refs     each ref's delta from the one before, doubled, plus 1 where the term frequency is not 1
 *   lengths  each record's field length (only where the manifest has no `lengths` table)
 *   extra    for the postings marked in refs, their term frequency minus 2 (left out when none is)
 *
 * Most term frequencies are 1: a list of every one cost about a fifth of the term shards, one
 * bit per ref and a number per other posting cost a fraction of that; and JSON arrays of these
 * strings spent about as much again on quotes and brackets.
 */
import { packNumbers, unpackNumbers } from './shards.ts';

/** One field's postings: ascending refs, their term frequencies and (unless a table has them) field lengths. */
export interface FieldLists {
  refs: readonly number[];
  tfs: readonly number[];
  lengths?: readonly number[];
}

/** A term's postings per field as one string (see above). */
export function encodePostings(fields: readonly FieldLists[]): string {
  return fields
    .map(({ refs, tfs, lengths }) => {
      if (refs.length === 0) return '';
      const marked = refs.map((ref, i) => (ref - (i === 0 ? 0 : refs[i - 1])) * 2 + (tfs[i] === 1 ? 0 : 1));
      const extra = tfs.filter((tf) => tf !== 1).map((tf) => tf - 2);
      return [packNumbers(marked), ...(lengths ? [packNumbers(lengths)] : []), ...(extra.length ? [packNumbers(extra)] : [])].join(' ');
    })
    .join('|')
    .replace(/\|+$/, '');
}

/** One field's decoded postings: refs, and the lists an entry has (tfs absent: all 1). */
export interface Decoded {
  docs: Int32Array;
  lengths?: Int32Array;
  tfs?: Int32Array;
}

/** A term's postings, for `count` fields; `table`: whether the manifest has the field lengths. */
export function decodePostings(entry: string, count: number, table: boolean): Decoded[] {
  const fields = entry.split('|');
  const out: Decoded[] = [];
  for (let f = 0; f < count; f++) {
    const parts = (fields[f] ?? '').split(' ');
    if (parts[0] === '') {
      out.push({ docs: new Int32Array(0) });
      continue;
    }
    const docs = unpackNumbers(parts[0]);
    const extra = parts[table ? 1 : 2];
    const tfs = extra === undefined ? undefined : new Int32Array(docs.length);
    const extras = extra === undefined ? undefined : unpackNumbers(extra);
    let ref = 0;
    let k = 0;
    for (let i = 0; i < docs.length; i++) {
      const v = docs[i];
      ref += v >> 1;
      docs[i] = ref;
      if (tfs) tfs[i] = v & 1 ? extras![k++] + 2 : 1;
    }
    out.push(table ? { docs, tfs } : { docs, lengths: unpackNumbers(parts[1]), tfs });
  }
  return out;
}
