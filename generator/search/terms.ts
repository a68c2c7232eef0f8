/**
 * What lunr's Builder computes for each document field (its `fieldTermFrequencies`), without
 * the Builder: lunr makes a Token object per word and runs the whole pipeline on every one,
 * which took 5.5 s for the 2,000-page corpus. Here each distinct word goes through lunr's own
 * trimmer, stop-word filter and stemmer once; the rest is a split and a count. The result is
 * the same object, key for key (test/unit/search/terms.test.ts compares them).
 */
import lunr from 'lunr';

/** `field/ref` → term → occurrences, as lunr's Builder keeps it. */
export type FieldTermFrequencies = Record<string, Record<string, number>>;

/** A word as lunr's indexing pipeline leaves it (trimmer, stop words, stemmer), or null. */
function pipelineTerm(word: string): string | null {
  const trimmed = lunr.trimmer(new lunr.Token(word, {}));
  const kept = lunr.stopWordFilter(trimmed) as lunr.Token | undefined;
  if (!kept) return null;
  return lunr.stemmer(kept).toString();
}

/**
 * Term frequencies of `docs` (ref = position) for `fields`, tokenized as `lunr.tokenizer` does
 * with its current separator (lower case, split on separator characters).
 */
export function fieldTermFrequencies(docs: Record<string, string>[], fields: readonly string[]): FieldTermFrequencies {
  const separator = new RegExp(lunr.tokenizer.separator.source, 'g');
  const terms = new Map<string, string | null>();
  const out: FieldTermFrequencies = {};
  docs.forEach((doc, ref) => {
    for (const field of fields) {
      const counts: Record<string, number> = {};
      out[`${field}/${ref}`] = counts;
      const text = doc[field];
      if (!text) continue;
      for (const word of text.toLowerCase().split(separator)) {
        if (!word) continue;
        let term = terms.get(word);
        if (term === undefined) {
          term = pipelineTerm(word);
          terms.set(word, term);
        }
        if (term !== null) counts[term] = (counts[term] ?? 0) + 1;
      }
    }
  });
  return out;
}
