import type { Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { siteBodies } from '../site-docs.ts';
import { blankableFences, parseWithoutCode } from '../../../generator/markdown/fences.ts';
import { remarkGfmGated } from '../../../generator/markdown/syntax.ts';

// The Markdown stage's parser: the gated GFM syntax and directives.
const processor = unified().use(remarkParse).use(remarkGfmGated).use(remarkDirective).freeze();
const parse = (text: string) => processor.parse(text) as Root;

/** Texts where what looks like a fence is not one, or where its content could be read otherwise. */
const EDGES = [
  '```js\nconst a = 1;\n```\n\nafter',
  'para\n```\ncode right after a paragraph\n```',
  '````md\n```js\ninner\n```\n````\ntext',
  '~~~\n```\nnot a close\n~~~~\n',
  '```\nunclosed\n\n# heading in code',
  '  ```\nindented opener\n   ```\n```\nreal\n```',
  '- item\n\n  ```\n  in a list\n  ```\n```\nafter the list\n```',
  '> ```\n> quoted\n```\nlazy? no\n```',
  '<div>\n```\nin html\n```\n</div>\n\n```\ncode\n```',
  '<!--\n```\nin a comment\n\n```\n-->\ntext',
  ':::note\n```\n:::\n```\n:::\n\nafter',
  ':::note\n```js\nin a container\n```\n:::',
  '``` a`b\nnot a fence: backtick in the info\n```',
  '```\n```',
  '    ```\n    indented code\n    ```\n\n```\nx\n```',
  '```js title="a.js" {1}\n\tconst tab = 1;\n  \n```\n| a |\n|---|\n| b |',
  '[x]: /y\n\n```\n[x]\n```\n[x]',
  // Trimmed, this line closes the fence; the parser allows only spaces and tabs after the backticks.
  '```\nx\n```\u00a0\ny\n```\nafter',
];

describe('parsing with code content left out', () => {
  it('gives every doc of the real site and the fixtures the tree, positions and offsets included, of parsing it as it is', () => {
    const all = siteBodies();
    expect(all.length).toBeGreaterThan(300);
    let blanked = 0;
    for (const { file, body } of all) {
      blanked += blankableFences(body.split('\n')).length;
      expect(JSON.stringify(parseWithoutCode(body, parse)), file).toBe(JSON.stringify(parse(body)));
    }
    expect(blanked).toBeGreaterThan(1000);
  }, 240_000);

  it.each(EDGES)('parses edge cases alike: %j', (text) => {
    expect(parseWithoutCode(text, parse)).toEqual(parse(text));
  });

  it('leaves out only closed fences opened in column 1, with no directive fence inside', () => {
    const lines = (text: string) => blankableFences(text.split('\n')).map((f) => [f.open, f.close, f.value]);
    expect(lines('a\n\n```js\nx\ny\n```\n~~~\n~~~\n  ```\nz\n  ```')).toEqual([[2, 5, 'x\ny']]);
    expect(lines('```\n:::note\n```')).toEqual([]);
    expect(lines('```\nnever closed')).toEqual([]);
    expect(lines('``` `\nnot a fence\n```\nx\n```')).toEqual([[2, 4, 'x']]);
  });

  it('parses the text as it is when a left-out fence does not come back as one code block', () => {
    const calls: string[] = [];
    const spy = (text: string) => (calls.push(text), parse(text));
    const html = '<div>\n```\nin html\n```\n</div>';
    expect(parseWithoutCode(html, spy)).toEqual(parse(html));
    expect(calls).toEqual(['<div>\n```\n\n```\n</div>', html]);
    calls.length = 0;
    const nbsp = '```\nx\n```\u00a0\ny\n```';
    expect(parseWithoutCode(nbsp, spy)).toEqual(parse(nbsp));
    expect(calls).toEqual(['```\n\n```\u00a0\ny\n```', nbsp]);
  });
});
