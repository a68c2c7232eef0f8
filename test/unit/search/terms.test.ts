import { readFileSync } from 'node:fs';
import path from 'node:path';
import lunr from 'lunr';
import { describe, expect, it } from 'vitest';
import { fieldTermFrequencies } from '../../../generator/search/terms.ts';
import { FIELDS } from '../../../theme/components/SearchBar/query.ts';
import { REPO } from '../../helpers.ts';

const FIELD_NAMES = Object.keys(FIELDS);

/** lunr's own Builder over the same documents: the reference. */
function lunrFrequencies(docs: Record<string, string>[]) {
  const builder = new lunr.Builder();
  builder.pipeline.add(lunr.trimmer, lunr.stopWordFilter, lunr.stemmer);
  builder.ref('id');
  for (const f of FIELD_NAMES) builder.field(f);
  docs.forEach((d, id) => builder.add({ id: String(id), ...d }));
  return (builder as unknown as { fieldTermFrequencies: Record<string, Record<string, number>> }).fieldTermFrequencies;
}

describe('fieldTermFrequencies', () => {
  it('gives what lunr.Builder gives, punctuation, stop words, hyphens and slashes included', () => {
    const docs = [
      { title: 'Detokenize', heading: '', body: 'POST /detokenize — the reverse of tokenize. Re-use a token_id (v2)! "Quoted", 3-D Secure; the and of.' },
      { title: '', heading: 'Rate limits', body: 'Requests are limited: 429 Too Many Requests. Retry-After tells you when… ✓ done.' },
      { title: '', heading: '', body: '' },
    ];
    expect(fieldTermFrequencies(docs, FIELD_NAMES)).toEqual(lunrFrequencies(docs));
  });

  it('gives what lunr.Builder gives for a real page of the site', () => {
    const text = readFileSync(path.join(REPO, 'content', 'docs', 'api', 'tokens', 'detokenize.md'), 'utf8');
    const docs = text.split(/\n## /).map((section, i) => ({ title: i === 0 ? 'Detokenize' : '', heading: section.split('\n')[0], body: section }));
    expect(fieldTermFrequencies(docs, FIELD_NAMES)).toEqual(lunrFrequencies(docs));
  });
});
