import { describe, expect, it } from 'vitest';
import { checkCode } from '../../../generator/guards/check-code.ts';
import { codeBlocks } from '../../../generator/guards/code-blocks.ts';
import { withoutPlaceholders } from '../../../generator/guards/placeholders.ts';
import { fakeDoc } from '../../helpers.ts';

const docOf = (body: string) => ({ ...fakeDoc('samples'), source: 'content/docs/samples.md', body, bodyLine: 5 });
const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code}\n\`\`\``;

describe('code blocks by a line scan', () => {
  it('finds fences with their language, meta and file line, in lists and blockquotes too', () => {
    const body = ['# T', '', '```js title="a.js"', 'a()', '```', '', '1. step', '', '   ~~~json', '   {"a": 1}', '   ~~~', '', '> ```sh', '> ls -l', '> ```', '````md', '```js', 'inner', '```', '````'].join('\n');
    expect(codeBlocks(docOf(body)).map(({ lang, meta, code, line }) => ({ lang, meta, code, line }))).toEqual([
      { lang: 'js', meta: 'title="a.js"', code: 'a()', line: 8 },
      { lang: 'json', meta: '', code: '{"a": 1}', line: 14 },
      { lang: 'sh', meta: '', code: 'ls -l', line: 18 },
      { lang: 'md', meta: '', code: '```js\ninner\n```', line: 21 },
    ]);
  });

  it('leaves inline code with backticks alone', () => {
    expect(codeBlocks(docOf('```a``` is not a fence'))).toEqual([]);
  });
});

describe('placeholders', () => {
  it('drops magic and notation comments, keeping every line in its place', () => {
    expect(withoutPlaceholders('// highlight-next-line\nconst a = 1; // [!code ++]\nb()', 'jsx')).toBe('\nconst a = 1;\nb()');
  });

  it('reads a diff as the code after it: the lines marked removed are left out, on the line or from a comment above', () => {
    const diff = ['const client = old(); // [!code --]', 'const client = next(); // [!code ++]', '// [!code --:2]', 'const a = 1;', 'const a = 2;', 'const a = 3;'].join('\n');
    expect(withoutPlaceholders(diff, 'jsx')).toBe(['', 'const client = next();', '', '', '', 'const a = 3;'].join('\n'));
  });

  it('reads elided JSON members and values as absent', () => {
    for (const json of ['{\n  "a": 1,\n  …\n}', '{ "a": [1, 2, …] }', '{ "a": { … } }', '{ "a": … }', '[\n  {"id": 1},\n  ...\n]']) {
      expect(() => JSON.parse(withoutPlaceholders(json, 'json'))).not.toThrow();
    }
  });

  it('keeps a real trailing comma an error', () => {
    expect(() => JSON.parse(withoutPlaceholders('{ "a": 1, }', 'json'))).toThrow();
  });
});

describe('docgen build --check-code', () => {
  it('reports each syntax error at the Markdown line, naming the line inside the block', async () => {
    const body = [
      fence('json', '{\n  "amount": 100\n  "currency": "EUR"\n}'),
      fence('yaml', 'a: 1\n b: 2'),
      fence('js', 'const a = {;'),
      fence('tsx', 'const a = <div>{x</div>;'),
      fence('ts', 'let a: number = ;'),
      fence('bash', 'if true; then\n  echo hi\n'),
      fence('python', 'def f(:\n  pass'),
    ].join('\n\n');
    const { diagnostics, checked } = await checkCode([docOf(body)]);
    expect(checked).toEqual({ json: 1, yaml: 1, jsx: 1, tsx: 1, ts: 1, shell: 1, python: 1 });
    expect(diagnostics.map((d) => `${d.location.line} ${d.message}`).sort()).toMatchInlineSnapshot(`
      [
        "13 YAML code block (\`\`\`yaml), its line 1: Nested mappings are not allowed in compact mappings",
        "18 JavaScript code block (\`\`\`js), its line 1: Expected identifier but found ";"",
        "22 TSX code block (\`\`\`tsx), its line 1: Unterminated regular expression",
        "26 TypeScript code block (\`\`\`ts), its line 1: Unexpected ";"",
        "32 shell code block (\`\`\`bash), its line 3: syntax error: unexpected end of file",
        "36 Python code block (\`\`\`python), its line 1: invalid syntax",
        "8 JSON code block (\`\`\`json), its line 3: Expected ',' or '}' after property value",
      ]
    `);
  });

  it('reads shell blocks together, yet reports each at its own block and line', async () => {
    const ok = (code: string) => fence('sh', code);
    const body = [ok('echo one \\'), ok('ls'), ok('cat <<EOF\nno end'), ok('case x in'), ok('echo fine'), ok('echo $(oops')].join('\n\n');
    const { diagnostics } = await checkCode([docOf(body)]);
    expect(diagnostics.map((d) => `${d.location.line} ${d.message}`)).toEqual([
      '19 shell code block (```sh), its line 1: syntax error: unexpected end of file',
      '27 shell code block (```sh), its line 1: unexpected EOF while looking for matching `)\'',
    ]);
    expect((await checkCode([docOf([ok('echo one \\'), ok('ls -l')].join('\n\n'))])).diagnostics).toEqual([]);
  });

  it('passes samples that follow the site conventions', async () => {
    const body = [
      fence('json', '{\n  "id": "tok_…",\n  "data": { … },\n  …\n}'),
      fence('js', 'const client = new Vault({ apiKey: \'<your-key>\' });\nclient.call(…);\nconst el = <Form onSubmit={submit} />;\nawait fetch(url, { ... });'),
      fence('shell', 'curl https://api.example/v1/tokens \\\n  -H "Authorization: Bearer <your-key>" \\\n  -u <your-key>:'),
      fence('python', 'import vault\nclient = vault.Client(api_key="<your-key>")\nawait client.tokens.create(…)'),
      fence('text', 'this { is not checked'),
    ].join('\n\n');
    expect((await checkCode([docOf(body)])).diagnostics).toEqual([]);
  });
});
