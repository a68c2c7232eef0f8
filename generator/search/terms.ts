/**
 * The index's postings, made from the documents' text without lunr's Builder: lunr makes a
 * Token object per word and runs its whole pipeline on every one (5.5 s on the 2,000-page
 * corpus), then keeps a term → count object per field of every document. Here each distinct word
 * goes through lunr's own trimmer, stop-word filter and stemmer once, a field is a sorted list
 * of term numbers, and each term's postings are read off those lists in document order. The
 * result is lunr's own term frequencies and field lengths (test/unit/search/terms.test.ts
 * compares them).
 */
import lunr from 'lunr';
import { SEPARATOR } from '../../common/search/text.ts';

/** One term's postings in one field: the records holding it (ascending) and how often each does. */
export interface Postings {
  refs: number[];
  tfs: number[];
}

/** Terms, most frequent first; per term and field its postings; per field and record the number of terms it holds. */
export interface TermPostings {
  terms: string[];
  lists: Postings[][];
  lengths: number[][];
}

/** A word as lunr's indexing pipeline leaves it (trimmer, stop words, stemmer), or null. */
function pipelineTerm(word: string): string | null {
  const trimmed = lunr.trimmer(new lunr.Token(word, {}));
  const kept = lunr.stopWordFilter(trimmed) as lunr.Token | undefined;
  if (!kept) return null;
  return lunr.stemmer(kept).toString();
}

/** Per field and record, the sorted numbers of its terms (repeated as often as they occur); terms numbered as first met. */
function termLists(docs: Record<string, string>[], fields: readonly string[]) {
  const separator = new RegExp(SEPARATOR.source, 'g');
  const byWord = new Map<string, number>();
  const byTerm = new Map<string, number>();
  const terms: string[] = [];
  const idOf = (word: string) => {
    const term = pipelineTerm(word);
    if (term === null) return -1;
    let id = byTerm.get(term);
    if (id === undefined) {
      id = terms.push(term) - 1;
      byTerm.set(term, id);
    }
    return id;
  };
  const scratch: number[] = [];
  const lists = fields.map((field) =>
    docs.map((doc) => {
      scratch.length = 0;
      const text = doc[field];
      if (text) {
        for (const word of text.toLowerCase().split(separator)) {
          if (!word) continue;
          let id = byWord.get(word);
          if (id === undefined) byWord.set(word, (id = idOf(word)));
          if (id >= 0) scratch.push(id);
        }
      }
      return Int32Array.from(scratch).sort();
    }),
  );
  return { terms, lists };
}

/**
 * The postings of `docs` (ref = position) for `fields`, tokenized as `lunr.tokenizer` does with
 * the separator the browser's queries use (lower case; split on whitespace, hyphens, slashes).
 * A term's frequency is the number of fields of documents holding it; ties go alphabetically.
 */
export function termPostings(docs: Record<string, string>[], fields: readonly string[]): TermPostings {
  const { terms, lists } = termLists(docs, fields);
  const df = new Int32Array(terms.length);
  for (const perDoc of lists) for (const ids of perDoc) for (let i = 0; i < ids.length; i++) if (i === 0 || ids[i] !== ids[i - 1]) df[ids[i]]++;
  const order = terms.map((_, id) => id).sort((a, b) => df[b] - df[a] || (terms[a] < terms[b] ? -1 : 1));
  const byRank = order.map(() => fields.map((): Postings => ({ refs: [], tfs: [] })));
  const postings = new Array<Postings[]>(terms.length);
  order.forEach((id, rank) => (postings[id] = byRank[rank]));
  lists.forEach((perDoc, f) =>
    perDoc.forEach((ids, ref) => {
      for (let i = 0; i < ids.length; i++) {
        const list = postings[ids[i]][f];
        if (i > 0 && ids[i] === ids[i - 1]) list.tfs[list.tfs.length - 1]++;
        else {
          list.refs.push(ref);
          list.tfs.push(1);
        }
      }
    }),
  );
  return { terms: order.map((id) => terms[id]), lists: byRank, lengths: lists.map((perDoc) => perDoc.map((ids) => ids.length)) };
}
