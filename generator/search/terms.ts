/**
 * The index file's term lists, made from the documents' text without lunr's Builder: lunr makes
 * a Token object per word and runs its whole pipeline on every one (5.5 s on the 2,000-page
 * corpus), then keeps a term → count object per field of every document. Here each distinct word
 * goes through lunr's own trimmer, stop-word filter and stemmer once, and a field is a sorted list
 * of term numbers. The result is what encoding lunr's own term frequencies gives, to the byte
 * (test/unit/search/terms.test.ts compares them).
 */
import lunr from 'lunr';
import { SEPARATOR } from '../../common/search/text.ts';

/** Terms, most frequent first, and per field and document the delta-encoded positions of its terms (see termVectors). */
export interface TermVectors {
  terms: string[];
  vectors: number[][][];
}

/** A word as lunr's indexing pipeline leaves it (trimmer, stop words, stemmer), or null. */
function pipelineTerm(word: string): string | null {
  const trimmed = lunr.trimmer(new lunr.Token(word, {}));
  const kept = lunr.stopWordFilter(trimmed) as lunr.Token | undefined;
  if (!kept) return null;
  return lunr.stemmer(kept).toString();
}

/**
 * The term lists of `docs` (ref = position) for `fields`, tokenized as `lunr.tokenizer` does with
 * the separator the browser's queries use (lower case; split on whitespace, hyphens, slashes).
 * A term's frequency is the number of fields of documents holding it; ties go alphabetically.
 */
export function termVectors(docs: Record<string, string>[], fields: readonly string[]): TermVectors {
  const separator = new RegExp(SEPARATOR.source, 'g');
  const byWord = new Map<string, number>();
  const byTerm = new Map<string, number>();
  const terms: string[] = [];
  const df: number[] = [];
  const idOf = (word: string) => {
    const term = pipelineTerm(word);
    if (term === null) return -1;
    let id = byTerm.get(term);
    if (id === undefined) {
      id = terms.push(term) - 1;
      byTerm.set(term, id);
      df.push(0);
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
      const ids = Int32Array.from(scratch).sort();
      for (let i = 0; i < ids.length; i++) if (i === 0 || ids[i] !== ids[i - 1]) df[ids[i]]++;
      return ids;
    }),
  );
  const order = terms.map((_, id) => id).sort((a, b) => df[b] - df[a] || (terms[a] < terms[b] ? -1 : 1));
  const rank = new Int32Array(terms.length);
  order.forEach((id, r) => (rank[id] = r));
  const vectors = lists.map((perDoc) =>
    perDoc.map((ids) => {
      const positions = ids.map((id) => rank[id]).sort();
      return Array.from(positions, (p, i) => (i === 0 ? p : p - positions[i - 1]));
    }),
  );
  return { terms: order.map((id) => terms[id]), vectors };
}
