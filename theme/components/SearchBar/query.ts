/**
 * Search, the pure part shared by the build (index), the browser (queries, snippets) and the
 * tests: tokenizing, the lunr query, grouping hits, and snippets and titles as text segments
 * (never HTML: the caller renders them as text nodes).
 */
import lunr from 'lunr';
import { before, byRank } from './ranked.ts';
import type { Clause, SearchIndex } from './scorer.ts';
import { SEPARATOR, tokenize, type SearchDoc, type SearchHit, type Segment } from '../../../common/search/text.ts';

export * from '../../../common/search/text.ts';

lunr.tokenizer.separator = SEPARATOR;

export { FIELDS } from '../../../common/search/shards.ts';

/** Score factors for a page whose title, or a section whose heading, holds every word typed. */
export const TITLE_BONUS = 3;
export const HEADING_BONUS = 1.5;

/** Most hits shown from one page, so one long page does not fill the list. */
export const MAX_PER_PAGE = 3;

/** The stem lunr indexes a word under (`detokenizing` → `detoken`). */
export function stem(word: string): string {
  return String(lunr.stemmer(new lunr.Token(word.toLowerCase(), {})));
}

/**
 * The query: each word exactly (stemmed, boosted), as a prefix from 3 letters (results while typing),
 * and with one typo for words of 4+ letters. Every clause is optional; documents matching more
 * words score higher.
 */
export function buildQuery(words: string[]): Clause[] {
  return words.flatMap((word, i) => {
    const last = i === words.length - 1;
    const clauses: Clause[] = [{ term: word, boost: 10, usePipeline: true }];
    // Prefixes from 3 letters: shorter ones expand to a large part of the vocabulary.
    if (word.length >= 3) clauses.push({ term: word, prefix: true, boost: last ? 4 : 2 });
    if (word.length >= 4) clauses.push({ term: word, editDistance: 1, boost: 1 });
    return clauses;
  });
}

/** A word of document text, as highlighting sees it. */
export const WORD = /[\p{L}\p{N}_]+/gu;

/** Whether a word of text is one of the matched index terms (by its stem, or as written). */
export function isMatch(word: string, terms: Set<string>): boolean {
  return terms.has(stem(word)) || terms.has(word.toLowerCase());
}

/** Split `text` into segments, marking every word whose stem is one of `terms`. */
export function highlightSegments(text: string, terms: Set<string>): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    if (!isMatch(m[0], terms)) continue;
    if (m.index > at) out.push({ text: text.slice(at, m.index), hit: false });
    out.push({ text: m[0], hit: true });
    at = m.index + m[0].length;
  }
  if (at < text.length || out.length === 0) out.push({ text: text.slice(at), hit: false });
  return out;
}

/**
 * A snippet of about `length` characters around the first matched word (cut at word boundaries,
 * with `…` where text was left out), as segments.
 */
export function snippetSegments(text: string, terms: Set<string>, length = 140): Segment[] {
  if (!text) return [];
  let first = -1;
  for (const m of text.matchAll(WORD)) {
    if (isMatch(m[0], terms)) {
      first = m.index;
      break;
    }
  }
  let start = first <= 40 ? 0 : first - 40;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space > first ? start : space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + length / 2) end = space;
  }
  const segments = highlightSegments(text.slice(start, end), terms);
  if (start > 0) segments.unshift({ text: '…', hit: false });
  if (end < text.length) segments.push({ text: '…', hit: false });
  return segments;
}

/** What the index matched for a query: every matching document, best first, and the terms each matched. */
export type Matched = ReturnType<SearchIndex['query']> & { words: string[] };

/** Whether lunr leaves a word out of the index ("get", "the"): looked up, it only matches look-alikes. */
function isStopWord(word: string): boolean {
  return !lunr.stopWordFilter(new lunr.Token(word, {}));
}

/** The words typed, and the clauses asked of the index. */
function parse(input: string): { words: string[]; clauses: Clause[] } {
  const words = tokenize(input).slice(0, 8);
  // The last word may be the start of a longer one being typed ("get" of "getting").
  const asked = words.filter((w, i) => i === words.length - 1 || !isStopWord(w));
  return { words, clauses: buildQuery(asked) };
}

/** The term shards a query needs loaded before `search` or `scopedRank` can answer it. */
export function queryShards(index: SearchIndex, input: string): number[] {
  const { words, clauses } = parse(input);
  return words.length === 0 ? [] : index.shardsFor(clauses, words);
}

function match(index: SearchIndex, input: string): Matched | null {
  const { words, clauses } = parse(input);
  return words.length === 0 ? null : { ...index.query(clauses), words };
}

/**
 * Run a query: scores from the index, raised for a page whose title or a section whose heading
 * holds the words typed, at most `MAX_PER_PAGE` hits per page, `maxHits` in all, each with its
 * title, heading and snippet as segments. `docs` holds (at least) the records of the hits.
 */
export function search(index: SearchIndex, docs: readonly (SearchDoc | undefined)[], input: string, maxHits: number): SearchHit[] {
  const matched = match(index, input);
  return matched ? hitsOf(docs, matched, rank(index, matched, null, maxHits)) : [];
}

/**
 * The records whose head (a page record's title, a section's heading) holds every word typed,
 * the last one as a prefix, from the head words of the index: stemming makes `tokenize` and
 * `tokens` one term, and a title or heading holding the very words typed ranks first.
 */
function headMatch(index: SearchIndex, words: string[]): Set<number> {
  const sets = words.map((w, i) => {
    const heads = i === words.length - 1 ? index.headWordsWithPrefix(w) : [w, `${w}s`];
    const refs = new Set<number>();
    for (const h of heads) for (const ref of index.headRefs(h) ?? []) refs.add(ref);
    return refs;
  });
  sets.sort((a, b) => a.size - b.size);
  return new Set([...sets[0]].filter((ref) => sets.every((s) => s.has(ref))));
}

/**
 * The best matches (those `keep` accepts; null: all), ranked and cut as `search` describes: the
 * records whose head holds the words typed get their bonus and are merged back into the others'
 * order (both by score, then ref). The others are ranked only as far as the hits shown need.
 */
function rank(index: SearchIndex, matched: Matched, keep: ((ref: number) => boolean) | null, maxHits: number): Ranked[] {
  const exact = headMatch(index, matched.words);
  const boosted: Ranked[] = [];
  if (exact.size > 0) {
    const { refs, scores } = matched;
    for (let i = 0; i < refs.length; i++) {
      const ref = refs[i];
      if (exact.has(ref) && (!keep || keep(ref))) boosted.push({ ref, score: scores[i] * (index.isPage(ref) ? TITLE_BONUS : HEADING_BONUS) });
    }
  }
  boosted.sort(byRank);
  function* merged(): Generator<Ranked> {
    let j = 0;
    for (const r of matched.ranked()) {
      if (exact.has(r.ref) || (keep && !keep(r.ref))) continue;
      while (j < boosted.length && before(boosted[j], r)) yield boosted[j++];
      yield r;
    }
    while (j < boosted.length) yield boosted[j++];
  }
  return pick(index, merged(), maxHits);
}

/** A hit before its record is read: its position and score. */
export interface Ranked {
  ref: number;
  score: number;
}

/** The hits of ranked records, from their records in `docs`. */
export function hitsOf(docs: readonly (SearchDoc | undefined)[], { termsOf }: Matched, picked: Ranked[]): SearchHit[] {
  return picked.map(({ ref, score }) => {
    const doc = docs[ref];
    if (!doc) throw new Error(`search: record ${ref} is not loaded`);
    const terms = termsOf(ref);
    const set = new Set(terms);
    return {
      ref,
      url: doc.url,
      title: highlightSegments(doc.title, set),
      heading: doc.heading ? highlightSegments(doc.heading, set) : [],
      snippet: snippetSegments(doc.text, set),
      terms,
      score,
    };
  });
}

/**
 * The hits of one scope, and how many results each scope has (`counts[0]` for All, then one per
 * scope): what its list would hold without `maxHits`, at most `MAX_PER_PAGE` from one page.
 */
export interface ScopedHits {
  hits: SearchHit[];
  counts: number[];
}

/** Whether a record is in a scope (the sidebars whose docs it holds; null: All). */
function inScope(index: SearchIndex, ref: number, sidebars: readonly string[] | null): boolean {
  if (sidebars === null) return true;
  const sidebar = index.sidebarOf(ref);
  return sidebar !== undefined && sidebars.includes(sidebar);
}

/** What `scopedRank` finds: the query matched, the hits picked (records not read yet), each scope's count. */
export interface ScopedRanking {
  matched: Matched;
  picked: Ranked[];
  counts: number[];
}

/**
 * `search` within one of `scopes` (each the sidebars whose docs it holds; `chosen` 0 is All, 1
 * the first scope…), with every scope's count of results, from one query of the index; the hits
 * are picked from the index alone (null: nothing typed), their records read by `hitsOf`.
 */
export function scopedRank(index: SearchIndex, input: string, maxHits: number, scopes: readonly (readonly string[])[], chosen: number): ScopedRanking | null {
  const matched = match(index, input);
  if (!matched) return null;
  // Records per page: a page's records are all in the same scopes (those of its sidebar).
  const perPage = new Map<number, { ref: number; n: number }>();
  for (const ref of matched.refs) {
    const page = perPage.get(index.pageOf(ref));
    if (page) page.n++;
    else perPage.set(index.pageOf(ref), { ref, n: 1 });
  }
  const lists = [null, ...scopes];
  const counts = lists.map(() => 0);
  for (const { ref, n } of perPage.values()) lists.forEach((sidebars, i) => inScope(index, ref, sidebars) && (counts[i] += Math.min(n, MAX_PER_PAGE)));
  const within = lists[chosen] ?? null;
  return { matched, picked: rank(index, matched, within && ((ref) => inScope(index, ref, within)), maxHits), counts };
}

/** `scopedRank` and the hits' records from `docs`, at once. */
export function scopedSearch(index: SearchIndex, docs: readonly (SearchDoc | undefined)[], input: string, maxHits: number, scopes: readonly (readonly string[])[], chosen: number): ScopedHits {
  const ranked = scopedRank(index, input, maxHits, scopes, chosen);
  if (!ranked) return { hits: [], counts: [0, ...scopes.map(() => 0)] };
  return { hits: hitsOf(docs, ranked.matched, ranked.picked), counts: ranked.counts };
}

/** The best hits in order, at most `MAX_PER_PAGE` from one page. */
function pick(index: SearchIndex, ranked: Iterable<Ranked>, maxHits: number): Ranked[] {
  const perPage = new Map<number, number>();
  const out: Ranked[] = [];
  for (const hit of ranked) {
    const page = index.pageOf(hit.ref);
    const n = perPage.get(page) ?? 0;
    if (n >= MAX_PER_PAGE) continue;
    perPage.set(page, n + 1);
    out.push({ ref: hit.ref, score: hit.score });
    if (out.length >= maxHits) break;
  }
  return out;
}
