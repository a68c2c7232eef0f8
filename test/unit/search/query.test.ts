import { describe, expect, it } from 'vitest';
import { highlightSegments, snippetSegments, stem } from '../../../theme/components/SearchBar/query.ts';
import { tokenize } from '../../../common/search/text.ts';
import { highlightTerms, highlightUrl } from '../../../theme/components/SearchBar/highlight.ts';

const text = (segs: { text: string; hit: boolean }[]) => segs.map((s) => (s.hit ? `[${s.text}]` : s.text)).join('');

describe('search text helpers', () => {
  it('tokenizes on whitespace, hyphens and slashes, trimming punctuation', () => {
    expect(tokenize('3D-Secure /tokens/{id} "Apple Pay"!')).toEqual(['3d', 'secure', 'tokens', 'id', 'apple', 'pay']);
  });

  it('highlights every word whose stem matched, as segments (markup stays text)', () => {
    const terms = new Set([stem('detokenize')]);
    expect(text(highlightSegments('Detokenizing <b>detokenized</b> tokens', terms))).toBe('[Detokenizing] <b>[detokenized]</b> tokens');
    expect(highlightSegments('<img src=x onerror=alert(1)>', new Set(['img']))).toEqual([
      { text: '<', hit: false },
      { text: 'img', hit: true },
      { text: ' src=x onerror=alert(1)>', hit: false },
    ]);
  });

  it('cuts a snippet around the first match, with ellipses', () => {
    const long = `${'alpha '.repeat(30)}omega ${'beta '.repeat(40)}`;
    const s = text(snippetSegments(long, new Set(['omega'])));
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('[omega]');
    expect(text(snippetSegments('short text', new Set(['short'])))).toBe('[short] text');
  });

  it('carries the matched terms in ?highlight= before the anchor, and reads them back', () => {
    expect(highlightUrl('/docs/a#b', ['detoken', 'card'])).toBe('/docs/a?highlight=detoken%20card#b');
    expect(highlightUrl('/docs/a', [])).toBe('/docs/a');
    expect(highlightTerms('?highlight=detoken%20card')).toEqual(['detoken', 'card']);
    expect(highlightTerms('?highlight=%3Cimg%20src%3Dx%3E')).toEqual(['img', 'src=x']);
    expect(highlightTerms('?other=1')).toEqual([]);
  });
});
