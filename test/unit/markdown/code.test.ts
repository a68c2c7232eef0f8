import { describe, expect, it } from 'vitest';
import { isKnownLanguage, prepareCode } from '../../../generator/markdown/code.ts';

describe('code block preparation', () => {
  it('turns magic comments into highlighted lines and removes them', () => {
    const src = ['a', '// highlight-next-line', 'b', '// highlight-start', 'c', 'd', '// highlight-end', 'e'].join('\n');
    expect(prepareCode(src, 'showLineNumbers')).toEqual({ value: 'a\nb\nc\nd\ne', meta: 'showLineNumbers {2-4}' });
  });

  it('understands each language family comment syntax', () => {
    expect(prepareCode('# highlight-next-line\nx = 1', '').meta).toBe('{1}');
    expect(prepareCode('<!-- highlight-next-line -->\n<p>', '').meta).toBe('{1}');
    expect(prepareCode('/* highlight-next-line */\nint x;', '').meta).toBe('{1}');
    expect(prepareCode('-- highlight-next-line\nselect 1', '').meta).toBe('{1}');
  });

  it('merges explicit ranges and quotes an unquoted title', () => {
    expect(prepareCode('a\nb\nc\n// highlight-next-line\nd', 'title=index.js {1}')).toEqual({ value: 'a\nb\nc\nd', meta: 'title="index.js" {1,4}' });
  });

  it('knows the languages the site uses', () => {
    for (const lang of ['js', 'ts', 'jsx', 'tsx', 'json', 'bash', 'shell', 'python', 'go', 'ruby', 'java', 'csharp', 'kotlin', 'swift', 'hcl', 'yaml', 'html', 'xml', 'css', 'http', 'diff', 'text']) {
      expect(isKnownLanguage(lang), lang).toBe(true);
    }
    expect(isKnownLanguage('klingon')).toBe(false);
  });
});
