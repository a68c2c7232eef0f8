import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cacheDir, sourceFingerprint } from '../../../generator/esbuild/core.mjs';
import { compile, importCompiled, moduleOptions, PROGRAM_ENTRIES, programEntry } from '../../../generator/esbuild/index.ts';
import { DOCGEN_ROOT } from '../../../generator/root.ts';
import { DocgenError } from '../../../generator/errors.ts';

const blame = { file: 'broken.ts', prefix: 'module does not compile: ', hint: 'fix it' };

describe('the esbuild wrapper', () => {
  it('reports a syntax error as a DocgenError at its file:line:column', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-esbuild-'));
    writeFileSync(path.join(root, 'broken.ts'), 'export const a = 1;\nexport const b = ;\n');
    const err = await compile(moduleOptions(path.join(root, 'broken.ts'), { absWorkingDir: root }), { root, ...blame }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocgenError);
    expect((err as DocgenError).message).toBe('module does not compile: Unexpected ";"');
    expect((err as DocgenError).location).toEqual({ file: 'broken.ts', line: 2, column: 18 });
    expect((err as DocgenError).hint).toBe('fix it');
  });

  it('imports compiled code from the cache, and reports a module that throws as it loads', async () => {
    const ok = await importCompiled('test-modules', 'ok.ts', 'export const answer = 42;\n', blame);
    expect(ok.answer).toBe(42);
    const err = await importCompiled('test-modules', 'throws.ts', 'throw new Error("boom");\n', { ...blame, prefix: 'threw while loading: ' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocgenError);
    expect((err as DocgenError).message).toBe('threw while loading: boom');
    expect((err as DocgenError).location).toEqual({ file: 'broken.ts' });
  });

  it('bundles each program entry from the sources as the CLI bundle holds them', () => {
    const unused = new URL('file:///nowhere/worker.js');
    for (const name of Object.keys(PROGRAM_ENTRIES) as (keyof typeof PROGRAM_ENTRIES)[]) {
      const file = fileURLToPath(programEntry(name, unused));
      expect(path.basename(file)).toBe(`${name}.js`);
      expect(existsSync(file)).toBe(true);
    }
  });

  it('makes the CLI bundle with every program entry beside it', () => {
    execFileSync(process.execPath, [path.join(DOCGEN_ROOT, 'bin', 'docgen.mjs'), '--version']);
    const dir = path.join(cacheDir(DOCGEN_ROOT, 'cli'), sourceFingerprint(DOCGEN_ROOT, ['bin', 'generator', 'common', 'theme']));
    for (const name of Object.keys(PROGRAM_ENTRIES)) expect(existsSync(path.join(dir, `${name}.js`)), name).toBe(true);
  });
});
