import { bundledLanguages, createHighlighterCore, createOnigurumaEngine, type HighlighterCore, type RegexEngine } from 'shiki';
import { describe, expect, it } from 'vitest';
import { codeBlocks } from '../../../generator/guards/code-blocks.ts';
import { sharedPatternEngine } from '../../../generator/markdown/scanners.ts';
import { siteBodies } from '../site-docs.ts';

/**
 * Code that takes a grammar through its hard cases: end patterns made from what the begin
 * matched (heredocs, fences), `\G` rules, embedded languages, a line past 1,000 bytes (where
 * vscode-oniguruma searches pattern by pattern) and characters of 2 to 4 UTF-8 bytes.
 */
const SAMPLES: [string, string][] = [
  ['ts', 'import { a, type B } from "c";\n@Component({ x: 1 })\nexport class D<T extends B = B> {\n  #p = /ab+c/gi;\n  m(): string {\n    return `v ${this.#p.source + `${1}`} é 😀`;\n  }\n}\n'],
  ['js', `const long = [${Array.from({ length: 160 }, (_, i) => `"k${i}"`).join(', ')}];\nconst s = 'a\\'b'; // 注释\n`],
  ['bash', "cat <<EOF > out.txt\n$HOME is ${USER:-me}\nEOF\ncat <<-'END'\n\tliteral $x\n\tEND\nfor f in *.md; do echo \"$f\"; done\n"],
  ['markdown', '# Title\n\n```js\nconst a = `x`;\n```\n\n~~~~python\ndef f():\n    return """\n~~~\n"""\n~~~~\n\n- [ ] item `code`\n'],
  ['yaml', 'key: |\n  block text\n  more: not a key\nlist:\n  - a: 1\n    b: "two"\n'],
  ['python', 'def f(x: int) -> str:\n    """Doc."""\n    return f"{x!r:>10} {{}}"\n'],
  ['html', '<!doctype html>\n<script type="module">\nconst a = 1;\n</script>\n<style>\np { color: red }\n</style>\n<p class="a">é</p>\n'],
  ['go', 'package main\n\nfunc main() {\n\tx := `raw\nstring`\n\tfmt.Println(x)\n}\n'],
  ['kotlin', 'val s = """\n    ${a.b}\n""".trimIndent()\nfun <T> f(x: T): T = x\n'],
  ['csharp', 'var s = $@"{a}\n""b""";\nrecord P(int X);\n'],
  ['swift', 'let s = #"raw \\(no)"#\nfunc f<T>(_ x: T) async throws -> T { x }\n'],
  ['hcl', 'resource "a" "b" {\n  x = <<EOT\nhello\nEOT\n}\n'],
];

type Counted = { engine: RegexEngine; compiled: string[]; searches: number };

/** shiki's Oniguruma engine, noting each pattern it compiles and counting the searches made. */
async function countingEngine(): Promise<Counted> {
  const base = await createOnigurumaEngine(import('shiki/wasm'));
  const counted: Counted = { engine: base, compiled: [], searches: 0 };
  counted.engine = {
    createString: (s) => base.createString(s),
    createScanner: (patterns) => {
      counted.compiled.push(...patterns.map(String));
      const scanner = base.createScanner(patterns);
      return {
        findNextMatchSync: (string, from, options) => {
          counted.searches++;
          return scanner.findNextMatchSync(string, from, options);
        },
      };
    },
  };
  return counted;
}

async function highlighter(engine: RegexEngine, langNames = SAMPLES.map(([lang]) => lang)): Promise<HighlighterCore> {
  const langs = await Promise.all(langNames.map((lang) => import(`shiki/langs/${lang}.mjs`).then((m) => m.default)));
  const themes = [import('shiki/themes/github-dark.mjs').then((m) => m.default)];
  return createHighlighterCore({ engine, langs, themes });
}

/** Every token with its scopes: what a theme colours by. */
const tokens = (hl: HighlighterCore, lang: string, code: string) =>
  hl.codeToTokensBase(code, { lang, theme: 'github-dark', includeExplanation: 'scopeName', tokenizeTimeLimit: 0 });

describe('sharedPatternEngine', () => {
  it("gives the tokens and scopes of shiki's own Oniguruma scanners, with lines left unsearched or not", async () => {
    const own = await highlighter((await countingEngine()).engine);
    const shared = await highlighter(sharedPatternEngine((await countingEngine()).engine));
    const unsearched = await highlighter(sharedPatternEngine((await countingEngine()).engine, { literalsAfter: 1 }));
    for (const [lang, code] of SAMPLES) {
      expect(tokens(shared, lang, code), lang).toEqual(tokens(own, lang, code));
      expect(tokens(unsearched, lang, code), lang).toEqual(tokens(own, lang, code));
    }
  });

  it("gives every code block of the site and the fixtures shiki's own tokens and scopes, lines left unsearched from each pattern's first search", async () => {
    const blocks = siteBodies().flatMap(({ file, body }) => codeBlocks({ source: file, body, bodyLine: 1 }));
    const known = blocks.filter((b) => b.lang in bundledLanguages);
    const langs = [...new Set(known.map((b) => b.lang))];
    expect(known.length).toBeGreaterThan(1000);
    expect(langs.length).toBeGreaterThan(15);
    const own = await highlighter((await countingEngine()).engine, langs);
    const counted = await countingEngine();
    const unsearched = await highlighter(sharedPatternEngine(counted.engine, { literalsAfter: 1 }), langs);
    const plain = await countingEngine();
    await highlighter(sharedPatternEngine(plain.engine, { literalsAfter: 0 }), langs).then((hl) => known.forEach((b) => tokens(hl, b.lang, b.code)));
    for (const { lang, code } of known) expect(tokens(unsearched, lang, code), `${lang}: ${code}`).toEqual(tokens(own, lang, code));
    expect(counted.searches).toBeLessThan(plain.searches / 2);
  });

  it("searches no line that holds none of a pattern's required strings from the search's start on", async () => {
    const counted = await countingEngine();
    const shared = sharedPatternEngine(counted.engine, { literalsAfter: 1 });
    const scanner = shared.createScanner(['\\bfoo\\(', '[a-z]+(?=;)']);
    expect(scanner.findNextMatchSync('bar baz', 0, 0)).toBeNull();
    expect(counted.searches).toBe(0);
    const line = shared.createString('x foo(ab;');
    expect(scanner.findNextMatchSync(line, 0, 0)).toMatchObject({ index: 0, captureIndices: [{ start: 2, end: 6 }] });
    expect(counted.searches).toBe(2);
    // From 6 on the line holds no `foo(`: only the second pattern's result (kept from before) is left.
    expect(scanner.findNextMatchSync(line, 6, 0)).toMatchObject({ index: 1, captureIndices: [{ start: 6, end: 8 }] });
    expect(scanner.findNextMatchSync('foo(x) bar', 1, 0)).toBeNull();
    expect(counted.searches).toBe(2);
  });

  it('compiles each distinct pattern once, where the grammars compile most of them many times', async () => {
    const own = await countingEngine();
    const shared = await countingEngine();
    const [hlOwn, hlShared] = await Promise.all([highlighter(own.engine), highlighter(sharedPatternEngine(shared.engine))]);
    for (const [lang, code] of SAMPLES) {
      tokens(hlOwn, lang, code);
      tokens(hlShared, lang, code);
    }
    expect(shared.compiled.length).toBe(new Set(shared.compiled).size);
    expect(new Set(own.compiled)).toEqual(new Set(shared.compiled));
    expect(own.compiled.length).toBeGreaterThan(3 * shared.compiled.length);
  });

  it('searches a plain string as the engine would', async () => {
    const { engine } = await countingEngine();
    const scanner = sharedPatternEngine(engine).createScanner(['b+', 'a(b)', 'c']);
    const match = scanner.findNextMatchSync('xxabbc', 0, 0);
    expect(match).toMatchObject({ index: 1, captureIndices: [{ start: 2, end: 4 }, { start: 3, end: 4 }] });
    expect(scanner.findNextMatchSync('xxabbc', 5, 0)).toMatchObject({ index: 2, captureIndices: [{ start: 5, end: 6 }] });
    expect(scanner.findNextMatchSync('xyz', 0, 0)).toBeNull();
  });

  it("reuses a pattern's last result on a line only where a new search would find it", async () => {
    const { engine } = await countingEngine();
    const shared = sharedPatternEngine(engine);
    const line = shared.createString('xab-ab');
    const start = (m: ReturnType<ReturnType<RegexEngine['createScanner']>['findNextMatchSync']>) => m?.captureIndices[0].start;
    const b = shared.createScanner(['b']);
    expect(start(b.findNextMatchSync(line, 3, 0))).toBe(5);
    // From further back the first match is an earlier one.
    expect(start(b.findNextMatchSync(line, 0, 0))).toBe(2);
    // `\G` matches only where the search starts: no match from 0 says nothing about one from 1.
    const anchored = shared.createScanner(['\\Ga']);
    expect(anchored.findNextMatchSync(line, 0, 0)).toBeNull();
    expect(start(anchored.findNextMatchSync(line, 1, 0))).toBe(1);
  });
});
