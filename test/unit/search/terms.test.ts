import { readFileSync } from 'node:fs';
import path from 'node:path';
import lunr from 'lunr';
import { describe, expect, it } from 'vitest';
import { termPostings } from '../../../generator/search/terms.ts';
import { FIELDS } from '../../../theme/components/SearchBar/query.ts';
import { REPO } from '../../helpers.ts';

const FIELD_NAMES = Object.keys(FIELDS);

/**
 * The reference: lunr's own Builder over the same documents, its term frequencies and field
 * lengths as termPostings gives them (terms by the number of fields of documents holding them,
 * then alphabetically; per term and field the records holding it, ascending, and how often).
 */
function fromLunr(docs: Record<string, string>[]) {
  const builder = new lunr.Builder();
  builder.pipeline.add(lunr.trimmer, lunr.stopWordFilter, lunr.stemmer);
  builder.ref('id');
  for (const f of FIELD_NAMES) builder.field(f);
  docs.forEach((d, id) => builder.add({ id: String(id), ...d }));
  const state = builder as unknown as { fieldTermFrequencies: Record<string, Record<string, number>>; fieldLengths: Record<string, number> };
  const frequencies = state.fieldTermFrequencies;
  const df = new Map<string, number>();
  for (const tf of Object.values(frequencies)) for (const t of Object.keys(tf)) df.set(t, (df.get(t) ?? 0) + 1);
  const terms = [...df.keys()].sort((a, b) => df.get(b)! - df.get(a)! || (a < b ? -1 : 1));
  const lists = terms.map((term) =>
    FIELD_NAMES.map((f) => {
      const refs = docs.map((_, ref) => ref).filter((ref) => frequencies[`${f}/${ref}`]?.[term] !== undefined);
      return { refs, tfs: refs.map((ref) => frequencies[`${f}/${ref}`][term]) };
    }),
  );
  const lengths = FIELD_NAMES.map((f) => docs.map((_, ref) => state.fieldLengths[`${f}/${ref}`] ?? 0));
  return { terms, lists, lengths };
}

describe('termPostings', () => {
  it('gives what encoding lunr.Builder gives, punctuation, stop words, hyphens and slashes included', () => {
    const docs = [
      { title: 'Detokenize', heading: '', body: 'POST /detokenize — the reverse of tokenize. Re-use a token_id (v2)! "Quoted", 3-D Secure; the and of.' },
      { title: '', heading: 'Rate limits', body: 'Requests are limited: 429 Too Many Requests. Retry-After tells you when… ✓ done.' },
      { title: '', heading: '', body: '' },
    ];
    expect(termPostings(docs, FIELD_NAMES)).toEqual(fromLunr(docs));
  });

  it('gives what encoding lunr.Builder gives for a real page of the site', () => {
    const text = readFileSync(path.join(REPO, 'content', 'docs', 'api', 'tokens', 'detokenize.md'), 'utf8');
    const docs = text.split(/\n## /).map((section, i) => ({ title: i === 0 ? 'Detokenize' : '', heading: section.split('\n')[0], body: section }));
    expect(termPostings(docs, FIELD_NAMES)).toEqual(fromLunr(docs));
  });
});
