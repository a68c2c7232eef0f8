import { describe, expect, it } from 'vitest';
import { splitAtWords, wordRanges } from '../../../generator/markdown/annotate.ts';
import { prepareCode } from '../../../generator/markdown/code.ts';
import { extractNotations, parseNote, splitNotes } from '../../../generator/markdown/notation.ts';
import { renderMarkdown } from '../../../generator/markdown/render.ts';

describe('shiki notation comments', () => {
  it('reads each notation, with its range', () => {
    expect(parseNote('[!code ++]')).toEqual({ mark: 'add', count: 1 });
    expect(parseNote('[!code --:3]')).toEqual({ mark: 'remove', count: 3 });
    expect(parseNote('[!code hl]')).toEqual({ mark: 'highlight', count: 1 });
    expect(parseNote('[!code focus:2]')).toEqual({ mark: 'focus', count: 2 });
    expect(parseNote('[!code error]')).toEqual({ mark: 'error', count: 1 });
    expect(parseNote('[!code warning]')).toEqual({ mark: 'warning', count: 1 });
    expect(parseNote('[!code word:apiKey]')).toEqual({ word: 'apiKey', count: undefined });
    expect(parseNote('[!code word:a\\:b:1]')).toEqual({ word: 'a:b', count: 1 });
    expect(parseNote('[!code sparkle]')).toBeUndefined();
    expect(parseNote('[!code ++:x]')).toBeUndefined();
  });

  it('finds them in every comment syntax and leaves the code before them', () => {
    const cases: [string, string][] = [
      ['const a = 1; // [!code ++]', 'const a = 1;'],
      ['x = 1  # [!code ++]', 'x = 1'],
      ['select 1 -- [!code ++]', 'select 1'],
      ['<p>hi</p> <!-- [!code ++] -->', '<p>hi</p>'],
      ['int x; /* [!code ++] */', 'int x;'],
      ['<App /> {/* [!code ++] */}', '<App />'],
      ['(setq a 1) ; [!code ++]', '(setq a 1)'],
      ["Dim a ' [!code ++]", 'Dim a'],
      ['x = 1 % [!code ++]', 'x = 1'],
    ];
    for (const [line, code] of cases) expect(splitNotes(line), line).toEqual({ code, notes: [{ mark: 'add', count: 1 }] });
  });

  it('keeps what else the comment says, and several notations in one comment', () => {
    expect(splitNotes('a(); // the new call [!code ++]')).toEqual({ code: 'a(); // the new call', notes: [{ mark: 'add', count: 1 }] });
    expect(splitNotes('<b> <!-- bold [!code focus] -->')).toEqual({ code: '<b> <!-- bold -->', notes: [{ mark: 'focus', count: 1 }] });
    expect(splitNotes('a(); // [!code ++] [!code word:a]')?.notes).toEqual([{ mark: 'add', count: 1 }, { word: 'a', count: undefined }]);
  });

  it('leaves lines that only look like notations', () => {
    expect(splitNotes('echo "[!code ++]"')).toBeUndefined();
    expect(splitNotes('echo [!code ++]')).toBeUndefined();
    expect(splitNotes('a(); // [!code unknown]')).toBeUndefined();
    expect(splitNotes('print("#") # [!code ++]')?.code).toBe('print("#")');
    expect(splitNotes("print('hi') # [!code --]")?.code).toBe("print('hi')");
  });

  it('applies a notation after code to its line, and a comment line alone to the lines after it', () => {
    const { lines, annotations } = extractNotations(['a', 'b // [!code --]', 'c // [!code ++]', '// [!code focus:2]', 'd', 'e', 'f // [!code error]', 'g # [!code warning]']);
    expect(lines).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(annotations).toEqual({ lines: { remove: [2], add: [3], focus: [4, 5], error: [6], warning: [7] }, words: [] });
  });

  it('marks words on the rest of the block, or on as many lines as asked', () => {
    expect(extractNotations(['// [!code word:key]', 'key', 'key', 'key']).annotations?.words).toEqual([{ text: 'key', lines: [1, 2, 3] }]);
    expect(extractNotations(['key // [!code word:key:2]', 'key', 'key']).annotations?.words).toEqual([{ text: 'key', lines: [1, 2] }]);
  });

  it('leaves a block without notations as it is', () => {
    expect(extractNotations(['a', 'b'])).toEqual({ lines: ['a', 'b'] });
    expect(prepareCode('a\nb', '')).toEqual({ value: 'a\nb', meta: '' });
  });

  it('puts highlights with the magic comments, renumbered past removed notation lines', () => {
    const src = ['// [!code highlight]', 'a', '// highlight-next-line', 'b', 'c // [!code ++]'].join('\n');
    expect(prepareCode(src, '')).toEqual({ value: 'a\nb\nc', meta: '{1-2}', annotations: { lines: { add: [3] }, words: [] } });
  });
});

describe('marked words in a line of tokens', () => {
  it('finds each occurrence, longest first where two start together, never overlapping', () => {
    expect(wordRanges('key = keys(key)', ['key'])).toEqual([[0, 3], [6, 9], [11, 14]]);
    expect(wordRanges('apiKey', ['api', 'apiKey'])).toEqual([[0, 6]]);
  });

  it('cuts tokens where a word starts and ends, across tokens', () => {
    const segments = splitAtWords([{ content: 'a.' }, { content: 'bc' }], ['.b']);
    expect(segments.map((s) => [s.token.content, s.word])).toEqual([['a', false], ['.', true], ['b', true], ['c', false]]);
  });
});

describe('annotated blocks rendered', () => {
  const render = (body: string) => renderMarkdown({ docId: 't', source: 'content/docs/t.md', body, bodyLine: 1, apiBaseUrl: 'https://api.example.com', badges: [] });

  it('classes the lines, marks diffs and levels, wraps words, and shows no notation', async () => {
    const md = '```js\nconst key = old(); // [!code --]\nconst key = neu(); // [!code ++]\n// [!code focus]\nuse(key); // [!code word:key:1]\nbad(); // [!code error]\n```\n';
    const { html } = await render(md);
    expect(html).not.toContain('[!code');
    expect(html).toContain('data-has-focus=""');
    expect(html).toMatch(/<span class="line" data-line="" data-diff="remove"><span class="code-mark" data-mark="remove"><\/span>/);
    expect(html).toMatch(/<span class="line" data-line="" data-diff="add"><span class="code-mark" data-mark="add"><\/span>/);
    expect(html).toMatch(/<span class="line" data-line="" data-focused="">[^\n]*<mark class="code-word">key<\/mark>/);
    expect(html).toMatch(/<span class="line" data-line="" data-level="error"><span class="code-mark" data-mark="error"><\/span>/);
    expect(html.match(/code-word/g)).toHaveLength(1);
  });

  it('leaves the markup of a block without notations as before', async () => {
    const { html } = await render('```js\nconst a = 1;\n```\n');
    expect(html).not.toMatch(/data-diff|data-focused|data-has-focus|code-mark|<mark/);
  });
});
