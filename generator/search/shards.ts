/**
 * The search index split into shards (see common/search/shards.ts for the format): term shards
 * hold the postings of a range of sorted keys, document shards the records of a range of pages.
 * How many of each there are is known from the documents' text alone (`shardCounts`), before
 * the index is built, so the output stage knows every file's name while the index is built only
 * when a file's contents are asked for.
 */
import lunr from 'lunr';
import { packDocs, type SearchDocFile } from '../../common/search/docs.ts';
import { delta, FIELDS, HEAD_POSTINGS, idf, MAX_SHARDS, packedLength, packNumbers, weight, type HeadEntries, type SearchManifest, type TermEntry, type TermShard } from '../../common/search/shards.ts';
import { tokenize } from '../../common/search/text.ts';
import { encodePostings } from '../../common/search/postings.ts';
import { frontCode } from '../../common/search/vocabulary.ts';
import type { IndexedDoc } from '../model.ts';
import { indexedFields } from './index.ts';
import { termPostings, type Postings, type TermPostings } from './terms.ts';

/** Characters of indexed text per term shard and of shown records per document shard: each shard a few KB gzip. */
const TERM_SHARD_CHARS = 160_000;
const DOC_SHARD_CHARS = 12_000;
/**
 * Shown characters up to which a site has one document shard: a query showing eight hits can
 * read eight shards, so a small site's whole file is not much more than its queries read anyway,
 * and one file compresses far better than a dozen (what the site's search files weigh in all).
 */
const ONE_DOC_SHARD_CHARS = 240_000;
/** Characters of indexed text per term shard on such a small site: fewer, larger shards weigh less in all. */
const SMALL_TERM_SHARD_CHARS = 480_000;

export interface ShardCounts {
  terms: number;
  docs: number;
}

/** How many shards of each kind the documents make (from their text's length, without indexing it). */
export function shardCounts(docs: IndexedDoc[]): ShardCounts {
  let indexed = 0;
  let shown = 0;
  for (const d of docs) {
    indexed += d.body.length + d.keywords.length + d.heading.length + (d.heading === '' ? d.title.length : 0);
    shown += d.text.length + d.heading.length + (d.heading === '' ? d.title.length + d.url.length : 0);
  }
  const count = (chars: number, per: number) => Math.min(MAX_SHARDS, Math.max(1, Math.ceil(chars / per)));
  const small = shown <= ONE_DOC_SHARD_CHARS;
  return { terms: count(indexed, small ? SMALL_TERM_SHARD_CHARS : TERM_SHARD_CHARS), docs: small ? 1 : count(shown, DOC_SHARD_CHARS) };
}

/** Split items (by size) into at most `n` consecutive groups of about equal size; returns each group's item count. */
export function balance(sizes: number[], n: number): number[] {
  const total = sizes.reduce((s, x) => s + x, 0);
  const groups: number[] = [];
  let sum = 0;
  let inGroup = 0;
  sizes.forEach((size, i) => {
    sum += size;
    inGroup++;
    const left = sizes.length - i - 1;
    if (groups.length < n - 1 && left > 0 && sum >= (total * (groups.length + 1)) / n) {
      groups.push(inGroup);
      inGroup = 0;
    }
  });
  if (inGroup > 0 || groups.length === 0) groups.push(inGroup);
  return groups;
}

/** Per term, per field: ascending refs and term frequencies; per field and record: its length. */
function postings(docs: IndexedDoc[]) {
  return termPostings(docs.map(indexedFields), Object.keys(FIELDS));
}

/** Records per page (a page's own record, heading '', starts it). */
function pageSizes(docs: IndexedDoc[]): number[] {
  const pages: number[] = [];
  for (const d of docs) {
    if (d.heading === '' || pages.length === 0) pages.push(1);
    else pages[pages.length - 1]++;
  }
  return pages;
}

/** The words (as typed) of each record's title (page records) or heading (section records). */
function heads(docs: IndexedDoc[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  docs.forEach((d, ref) => {
    for (const word of new Set(tokenize(d.heading === '' ? d.title : d.heading))) {
      const refs = out.get(word);
      if (refs) refs.push(ref);
      else out.set(word, [ref]);
    }
  });
  return out;
}

/** lunr's default BM25 parameters. */
const K1 = 1.2;
const B = 0.75;

export interface ShardedIndex {
  manifest: SearchManifest;
  terms: TermShard[];
  /** Per term shard, its tail file's contents. */
  tails: TermShard[];
  docs: SearchDocFile[];
}

/** A term's postings per field as its entry (field lengths unless the manifest's `table` has them). */
function encode(lists: Postings[], lengths: number[][], table: boolean): TermEntry {
  return encodePostings(lists.map(({ refs, tfs }, f) => (table ? { refs, tfs } : { refs, tfs, lengths: refs.map((ref) => lengths[f][ref]) })));
}

/**
 * Whether the manifest carries each record's field lengths instead of the postings: when the
 * table is no bigger than the lengths one term shard's postings would carry on average (every
 * query reads at least one shard; on a large site the table would outweigh what it saves).
 */
function lengthsTable(t: TermPostings, shards: number): boolean {
  const table = t.lengths.reduce((s, perDoc) => s + packNumbers(perDoc).length, 0);
  let perPosting = 0;
  t.lists.forEach((fields) => fields.forEach((list, f) => list.refs.forEach((ref) => (perPosting += packedLength(t.lengths[f][ref])))));
  return table <= perPosting / shards;
}

/**
 * Per field, the `HEAD_POSTINGS` best-weighted postings (by ref) and the rest. The best are
 * those above the `HEAD_POSTINGS`-th weight, then the earliest refs of that weight: what a stable
 * sort by weight would keep, without sorting the postings of every common term.
 */
function split(list: Postings, weigh: (ref: number, tf: number) => number) {
  const n = list.refs.length;
  if (n <= HEAD_POSTINGS) return { head: list, tail: { refs: [], tfs: [] } };
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = weigh(list.refs[i], list.tfs[i]);
  const cut = Float64Array.from(w).sort()[n - HEAD_POSTINGS];
  let equalKept = HEAD_POSTINGS;
  for (let i = 0; i < n; i++) if (w[i] > cut) equalKept--;
  const head = { refs: [] as number[], tfs: [] as number[] };
  const tail = { refs: [] as number[], tfs: [] as number[] };
  for (let i = 0; i < n; i++) {
    const into = w[i] > cut || (w[i] === cut && equalKept-- > 0) ? head : tail;
    into.refs.push(list.refs[i]);
    into.tfs.push(list.tfs[i]);
  }
  return { head, tail };
}

interface KeyEntry {
  name?: string;
  /** The key, for head words. */
  word?: string;
  term?: TermEntry;
  tail?: TermEntry;
  df?: number;
  head?: string;
}

/** Each index term's entry: its best postings, the rest (for a common term) and its df. */
function termEntries(docs: IndexedDoc[], averages: number[], t: TermPostings, table: boolean): Map<string, KeyEntry> {
  const entries = new Map<string, KeyEntry>();
  const fields = Object.values(FIELDS);
  t.terms.forEach((term, id) => {
    const df = t.lists[id].reduce((s, l) => s + l.refs.length, 0);
    const termIdf = idf(df, docs.length);
    const parts = t.lists[id].map((list, f) => split(list, (ref, tf) => weight(termIdf, tf, t.lengths[f][ref], averages[f], fields[f], K1, B)));
    const entry: KeyEntry = { name: term, term: encode(parts.map((p) => p.head), t.lengths, table) };
    if (parts.some((p) => p.tail.refs.length > 0)) Object.assign(entry, { df, tail: encode(parts.map((p) => p.tail), t.lengths, table) });
    entries.set(term, entry);
  });
  return entries;
}

const NO_HEADS: HeadEntries = ['', ''];

/** A shard's head words (front-coded) and their records. */
function headEntries(group: KeyEntry[]): HeadEntries {
  const withHead = group.filter((e) => e.head !== undefined);
  return [frontCode(withHead.map((e) => e.word!)), withHead.map((e) => e.head!).join(' ')];
}

/** The manifest's global statistics, and the term shards' and their tails' contents. */
function termShards(docs: IndexedDoc[], count: number) {
  const t = postings(docs);
  const averages = t.lengths.map((perDoc) => perDoc.reduce((s, l) => s + l, 0) / docs.length);
  const table = lengthsTable(t, count);
  const entries = termEntries(docs, averages, t, table);
  for (const [word, refs] of heads(docs)) entries.set(word, { ...entries.get(word), word, head: packNumbers(delta(refs)) });
  const keys = [...entries.keys()].sort();
  const sizes = keys.map((k) => JSON.stringify(entries.get(k)).length);
  const shards: TermShard[] = [];
  const tails: TermShard[] = [];
  const firsts: string[] = [];
  let at = 0;
  for (const size of balance(sizes, count)) {
    const group = keys.slice(at, (at += size)).map((k) => entries.get(k)!);
    firsts.push(keys[at - size] ?? '');
    const split = group.filter((e) => e.tail);
    const d = split.map((e): [string, number] => [e.name!, e.df!]);
    const shard: TermShard = { t: group.flatMap((e) => (e.term ? [e.term] : [])), h: headEntries(group) };
    shards.push(d.length ? { ...shard, d, x: 1 } : shard);
    tails.push(d.length ? { t: split.map((e) => e.tail!), h: NO_HEADS, d } : { t: [], h: NO_HEADS });
  }
  while (shards.length < count) shards.push({ t: [], h: NO_HEADS });
  while (tails.length < count) tails.push({ t: [], h: NO_HEADS });
  return { terms: [...t.terms].sort(), keys: firsts, averages, lengths: table ? t.lengths.map(packNumbers) : undefined, shards, tails, n: docs.length };
}

/**
 * The manifest and every shard for `docs` (refs are positions in `docs`, which come page by
 * page), named from `stamp`; `counts` from `shardCounts`.
 */
export function shardIndex(docs: IndexedDoc[], stamp: string, counts: ShardCounts = shardCounts(docs)): ShardedIndex {
  const t = termShards(docs, counts.terms);
  const pages = pageSizes(docs);
  const packed = packDocs(docs.map(({ title, heading, url, text, sidebar }) => ({ title, heading, url, text, sidebar }))).pages;
  const docShards = balance(packed.map((p) => JSON.stringify(p).length), counts.docs);
  const docFiles: SearchDocFile[] = [];
  let at = 0;
  for (const size of docShards) docFiles.push({ pages: packed.slice(at, (at += size)) });
  while (docShards.length < counts.docs) {
    docShards.push(0);
    docFiles.push({ pages: [] });
  }
  const manifest: SearchManifest = {
    c: 5,
    stamp,
    version: lunr.version,
    fields: Object.keys(FIELDS),
    boosts: Object.values(FIELDS),
    k1: K1,
    b: B,
    n: t.n,
    averages: t.averages,
    ...(t.lengths ? { lengths: t.lengths } : {}),
    terms: frontCode(t.terms),
    keys: t.keys,
    pages,
    docShards,
    ...scopes(packed),
  };
  return { manifest, terms: t.shards, tails: t.tails, docs: docFiles };
}

/** The sidebars pages carry (those search scopes name), for filtering without the documents. */
function scopes(packed: SearchDocFile['pages']): Pick<SearchManifest, 'sidebars' | 'pageSidebars'> {
  const names = [...new Set(packed.flatMap((p) => (p[4] === undefined ? [] : [p[4]])))].sort();
  if (names.length === 0) return {};
  return { sidebars: names, pageSidebars: packed.map((p) => (p[4] === undefined ? 0 : names.indexOf(p[4]) + 1)) };
}
