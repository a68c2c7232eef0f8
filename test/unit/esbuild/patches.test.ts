import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fromMarkdown, type Options } from 'mdast-util-from-markdown';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import { unified } from 'unified';
import { afterAll, describe, expect, it } from 'vitest';
import { siteBodies } from '../site-docs.ts';
import { bundleOnce } from '../../../generator/esbuild/core.mjs';
import { lazyEsprima, mappedSubtokenizeJumps, sharedCompileContext } from '../../../generator/esbuild/patches.mjs';
import { DOCGEN_ROOT } from '../../../generator/root.ts';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const LIBRARY = path.join(DOCGEN_ROOT, 'node_modules', 'mdast-util-from-markdown', 'lib', 'index.js');
const SUBTOKENIZE = path.join(DOCGEN_ROOT, 'node_modules', 'micromark-util-subtokenize', 'index.js');

/** `source` (an entry module) bundled as docgen's program is: its code, and the module. */
async function bundled(source: string): Promise<{ code: string; module: Record<string, unknown> }> {
  const dir = mkdtempSync(path.join(DOCGEN_ROOT, 'node_modules', '.cache', 'patches-test-'));
  made.push(dir);
  writeFileSync(path.join(dir, 'entry.ts'), source);
  const out = path.join(dir, 'out');
  bundleOnce(out, { entry: path.join(dir, 'entry.ts') });
  const code = readdirSync(out).map((f) => readFileSync(path.join(out, f), 'utf8')).join('\n');
  return { code, module: await import(pathToFileURL(path.join(out, 'entry.js')).href) };
}

/** fromMarkdown as docgen's program bundle holds it: its compile context and micromark's subtokenizer both changed. */
async function bundledFromMarkdown(): Promise<typeof fromMarkdown> {
  const { code, module } = await bundled("export { fromMarkdown } from 'mdast-util-from-markdown';\n");
  expect(code).not.toContain('...context');
  expect(code).not.toMatch(/\bin jumps\b/);
  return module.fromMarkdown as typeof fromMarkdown;
}

describe("mdast-util-from-markdown's compile context, one for every handler", () => {
  it('shares the context with the handlers, copies it for the listeners as literals, and leaves a source it does not recognise as it is', () => {
    const { code, replaced } = sharedCompileContext(readFileSync(LIBRARY, 'utf8'));
    expect(replaced).toBe(3);
    expect(code).toContain('handler[events[index][1].type].call((context.sliceSerialize = events[index][2].sliceSerialize, context), events[index][1])');
    expect(code).toMatch(/resume,\s*data, sliceSerialize: undefined\s*\}/);
    expect(code.match(/sliceSerialize: events\[index\]\[2\]\.sliceSerialize \}/g)).toHaveLength(2);
    const other = 'const context = {stack: [tree], more}\nf({...context, sliceSerialize: events[index][2].sliceSerialize})';
    expect(sharedCompileContext(other)).toEqual({ code: other, replaced: 0 });
  });

  it('gives every doc of the real site and the fixtures the tree the libraries give', async () => {
    const patched = await bundledFromMarkdown();
    // The syntax docgen parses: GFM and directives, as their remark plugins register them.
    const data = unified().use(remarkGfm).use(remarkDirective).freeze().data();
    const options = { extensions: data.micromarkExtensions, mdastExtensions: data.fromMarkdownExtensions } as Options;
    const all = siteBodies();
    expect(all.length).toBeGreaterThan(300);
    for (const { file, body } of all) {
      expect(JSON.stringify(patched(body, options)), file).toBe(JSON.stringify(fromMarkdown(body, options)));
    }
  }, 240_000);
});

describe("micromark's subtokenizer keeps its jumps in a Map", () => {
  it('makes every edit in the installed version, and leaves a source it does not recognise, wholly or in part, as it is', () => {
    const installed = readFileSync(SUBTOKENIZE, 'utf8');
    const { code, replaced } = mappedSubtokenizeJumps(installed);
    expect(replaced).toBe(7);
    expect(code).toContain('const jumps = new Map();');
    expect(code).not.toMatch(/\bin jumps\b|Object\.assign\(jumps/);
    const other = 'export function subtokenize(events) { const jumps = {}; return events; }';
    expect(mappedSubtokenizeJumps(other)).toEqual({ code: other, replaced: 0 });
    // One place changed upstream: none of the others is made either, as the object and the Map would mix.
    const partial = installed.replace('Object.assign(jumps, subcontent(events, index));', 'mergeGaps(jumps, subcontent(events, index));');
    expect(mappedSubtokenizeJumps(partial)).toEqual({ code: partial, replaced: 0 });
  });
});

describe("gray-matter's js-yaml requires esprima on first use", () => {
  const FUNCTION_TYPE = path.join(DOCGEN_ROOT, 'node_modules', 'gray-matter', 'node_modules', 'js-yaml', 'lib', 'js-yaml', 'type', 'js', 'function.js');

  it('replaces the installed version\'s require, and leaves a source it does not recognise as it is', () => {
    expect(lazyEsprima(readFileSync(FUNCTION_TYPE, 'utf8')).replaced).toBe(1);
    const other = "var esprima = require('esprima');";
    expect(lazyEsprima(other)).toEqual({ code: other, replaced: 0 });
  });

  it('loads without esprima, parses front matter as before, and still reads a !!js/function when asked', async () => {
    const require = createRequire(FUNCTION_TYPE);
    const esprima = require.resolve('esprima');
    delete require.cache[esprima];
    const { module } = await bundled("import matter from 'gray-matter';\nexport { matter };\nexport { default as yaml } from 'gray-matter/node_modules/js-yaml';\n");
    const { matter, yaml } = module as { matter: typeof import('gray-matter'); yaml: { load(text: string): unknown } };
    expect(matter('---\ntitle: A page\ntags: [a, b]\n---\nBody\n', {}).data).toEqual({ title: 'A page', tags: ['a', 'b'] });
    expect(require.cache[esprima]).toBeUndefined();
    const add = yaml.load('!!js/function "function (a) { return a + 1 }"') as (a: number) => number;
    expect(add(1)).toBe(2);
    expect(require.cache[esprima]).toBeDefined();
  });
});
