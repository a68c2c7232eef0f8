import { describe, expect, it } from 'vitest';
import { headingSlug, packDocs, unpackDocs } from '../../../common/search/docs.ts';
import type { SearchDoc } from '../../../common/search/text.ts';

const DOCS: SearchDoc[] = [
  { title: 'Tokens', heading: '', url: '/docs/api/tokens/', text: 'Create and read tokens.' },
  { title: 'Tokens', heading: 'Create a token', url: '/docs/api/tokens/#create-a-token', text: 'POST /tokens stores a value.' },
  { title: 'Tokens', heading: 'Create a token', url: '/docs/api/tokens/#create-a-token-1', text: 'A second heading of the same text.' },
  { title: 'Tokens', heading: 'Expiry :badge', url: '/docs/api/tokens/#custom-id', text: '' },
  { title: 'Détokenize', heading: '', url: '/docs/api/detokenize', text: '' },
  { title: 'Détokenize', heading: 'Ünïcode & «punctuation»', url: '/docs/api/detokenize#ünïcode--punctuation', text: 'x' },
];

describe('search document file', () => {
  it('unpacks to the same records in the same order (refs stay positions)', () => {
    expect(unpackDocs(JSON.parse(JSON.stringify(packDocs(DOCS))))).toEqual(DOCS);
  });

  it('writes an anchor out only where the heading slug would get it wrong', () => {
    const [tokens, detok] = packDocs(DOCS).pages;
    expect(tokens[3].map((s) => s[1])).toEqual(['', 'create-a-token-1', 'custom-id']);
    expect(detok[3].map((s) => s[1])).toEqual(['']);
    expect(headingSlug('Rate limits (v2)')).toBe('rate-limits-v2');
  });
});
