import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { bundleOnce, programOptions } from '../../../generator/esbuild/core.mjs';
import { DOCGEN_ROOT } from '../../../generator/root.ts';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A program entry inside docgen's folder, so its bare imports resolve to docgen's dependencies. */
function entry(code: string): string {
  const dir = mkdtempSync(path.join(DOCGEN_ROOT, 'node_modules', '.cache', 'core-test-'));
  made.push(dir);
  const file = path.join(dir, 'entry.tsx');
  writeFileSync(file, code);
  return file;
}

describe('program bundles', () => {
  it("load React's and esbuild's CommonJS builds by require(), the same instances an import gets", async () => {
    const file = entry(`import { createElement, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { version } from 'esbuild';
export const html = renderToString(createElement('p', null, 'hi'));
export const hooks = typeof useState;
export const esbuildVersion = version;`);
    const out = path.join(path.dirname(file), 'out');
    bundleOnce(out, { entry: file });
    const code = readdirSync(out).map((f) => readFileSync(path.join(out, f), 'utf8')).join('\n');
    expect(code).not.toMatch(/^import .* from ["'](react|react-dom|esbuild)/m);
    expect(code).toContain('require("react-dom/server")');
    const mod = await import(pathToFileURL(path.join(out, 'entry.js')).href);
    expect(mod.html).toBe('<p>hi</p>');
    expect(mod.hooks).toBe('function');
    expect(mod.esbuildVersion).toBe((await import('esbuild')).version);
  });

  it('declare their files ES modules: under node_modules no package.json of docgen is in scope, and Node would parse each file once more to tell', () => {
    const out = path.join(path.dirname(entry('export const a = 1;\n')), 'out');
    bundleOnce(out, { entry: path.join(path.dirname(out), 'entry.tsx') });
    expect(JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8'))).toEqual({ type: 'module' });
  });

  it("report a source that does not compile with esbuild's located errors, and leave no bundle", () => {
    const file = entry('export const a = ;\n');
    const out = path.join(path.dirname(file), 'out');
    let failure: { message: string; errors?: { text: string; location: { line: number } }[] } | undefined;
    try {
      bundleOnce(out, { entry: file });
    } catch (err) {
      failure = err as typeof failure;
    }
    expect(failure?.errors?.[0]).toMatchObject({ text: 'Unexpected ";"', location: { line: 1 } });
    expect(readdirSync(path.dirname(file))).toEqual(['entry.tsx']);
  });
  it("keep the parts of zod the config and front matter schemas use, not its every locale", () => {
    const modules = ['config/schema.ts', 'config/shape.ts', 'content/frontmatter.ts', 'content/versions.ts'];
    const file = entry(modules.map((m, i) => `export * as m${i} from ${JSON.stringify(path.join(DOCGEN_ROOT, 'generator', m))};`).join('\n'));
    const out = path.join(path.dirname(file), 'out');
    bundleOnce(out, { entry: file });
    const code = readdirSync(out).map((f) => readFileSync(path.join(out, f), 'utf8')).join('\n');
    expect(code).toContain('Invalid input');
    // zod's Dutch message: a namespace kept whole brings every language's.
    expect(code).not.toContain('Ongeldige invoer');
  }, 60_000);
  it('leave opentype.js out: a build requires it from node_modules only when it draws a social card', async () => {
    const entry = path.join(DOCGEN_ROOT, 'bin', 'docgen.ts');
    const { metafile } = await build({ ...programOptions({ docgen: entry }), write: false, metafile: true, outdir: path.join(os.tmpdir(), 'unused') });
    expect(Object.keys(metafile.inputs).filter((f) => f.includes('opentype'))).toEqual([]);
    expect(Object.keys(metafile.inputs)).toContain('generator/ogimage/font.ts');
  }, 60_000);

  it('load no Markdown toolchain before a build has read its content: it loads once Markdown must be rendered', async () => {
    const entry = path.join(DOCGEN_ROOT, 'generator', 'build.ts');
    const { metafile } = await build({ ...programOptions({ build: entry }), write: false, metafile: true, outdir: path.join(os.tmpdir(), 'unused') });
    const rel = path.relative(process.cwd(), entry).split(path.sep).join('/');
    const seen = new Set([rel]);
    for (const file of seen) for (const i of metafile.inputs[file]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) seen.add(i.path);
    const loaded = [...seen];
    expect(loaded).toContain('generator/markdown/index.ts');
    expect(loaded.filter((f) => /node_modules\/(micromark|unified|remark-|rehype-|shiki|htmlparser2)/.test(f) || f.startsWith('generator/markdown/visitors/'))).toEqual([]);
  }, 60_000);

  it('load Ajv only for a site with an OpenAPI description: the stages after the Markdown import none of it', async () => {
    const entry = path.join(DOCGEN_ROOT, 'generator', 'plan', 'later-stages.ts');
    const { metafile } = await build({ ...programOptions({ stages: entry }), write: false, metafile: true, outdir: path.join(os.tmpdir(), 'unused') });
    const seen = new Set([path.relative(process.cwd(), entry).split(path.sep).join('/')]);
    for (const file of seen) for (const i of metafile.inputs[file]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) seen.add(i.path);
    const loaded = [...seen];
    expect(loaded).toContain('generator/openapi/index.ts');
    expect(loaded.filter((f) => /node_modules\/ajv/.test(f) || f === 'generator/openapi/check.ts')).toEqual([]);
    expect(Object.keys(metafile.inputs)).toContain('generator/openapi/check.ts');
  }, 60_000);
});
