import { describe, expect, it } from 'vitest';
import { getHighlighter } from '../../../generator/markdown/highlight.ts';
import { codeToLineTokens, type LineToken } from '../../../generator/markdown/tokenize.ts';

/** What the markup reads of a token (shiki's own tokens also carry their offset). */
const shown = (lines: LineToken[][]) => lines.map((line) => line.map(({ content, color, fontStyle }) => ({ content, color, fontStyle })));

/** Blocks whose lines repeat in different states: the memo must not hand one state's tokens to another. */
const BLOCKS: [string, string][] = [
  ['js', 'const a = 1;\n/*\nconst a = 1;\n*/\nconst a = 1;'],
  ['js', 'const s = `\n}\n${x}\n`;\n}\n\nfunction f() {\n  return 1;\n}'],
  ['python', 'def f():\n    """\n    return 1\n    """\n    return 1\n'],
  ['ts', 'import { a } from "b";\r\nimport { a } from "b";\r\n'],
  ['bash', 'curl -X POST \\\n  -H "a: b" \\\n  https://example.com\necho "\n-H "a: b"\n"'],
  ['html', '<script>\nconst a = 1;\n</script>\n<p>const a = 1;</p>\n<style>\np { color: red }\n</style>'],
  ['markdown', '```js\nconst a = 1;\n```\nconst a = 1;'],
  ['text', 'plain\n\ntext'],
];

describe('codeToLineTokens (memoized per line and state)', () => {
  it("gives shiki's own tokens, whatever blocks came before", async () => {
    const hl = await getHighlighter();
    for (const [lang] of BLOCKS) if (lang !== 'text') await hl.loadLanguage(lang as never);
    const expected = BLOCKS.map(([lang, code]) => shown(hl.codeToTokens(code, { lang: lang as never, theme: 'docgen', tokenizeTimeLimit: 0 }).tokens));
    // Twice over, in both orders: the second pass comes from the memo.
    for (const order of [BLOCKS, [...BLOCKS].reverse(), BLOCKS]) {
      for (const [lang, code] of order) expect(shown(codeToLineTokens(hl, code, lang, 'docgen'))).toEqual(expected[BLOCKS.findIndex((b) => b[1] === code)]);
    }
  });

  it('keeps the state a line ends in: a line repeated inside and outside a comment is coloured apart', async () => {
    const hl = await getHighlighter();
    await hl.loadLanguage('js');
    const [outside, , inside] = codeToLineTokens(hl, 'let x = 1;\n/*\nlet x = 1;\n*/', 'js', 'docgen');
    expect(new Set(inside.map((t) => t.color))).toHaveProperty('size', 1);
    expect(new Set(outside.map((t) => t.color)).size).toBeGreaterThan(1);
  });
});
