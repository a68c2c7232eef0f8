import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cacheDir, sourceFingerprint } from '../../../generator/esbuild/core.mjs';
import type { Plugin } from 'esbuild';
import { compile, context, importCompiled, moduleOptions, PROGRAM_ENTRIES, programEntry, rebuild } from '../../../generator/esbuild/index.ts';
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

  it('rebuilds a kept context from the sources saved during the rebuild before, not with its result', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-esbuild-'));
    const file = path.join(root, 'theme.ts');
    writeFileSync(file, 'export const broken = ;\n');
    // The first rebuild holds once it has read the file, as a slow rebuild does.
    let read!: () => void;
    let release!: () => void;
    const hasRead = new Promise<void>((resolve) => (read = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    let loads = 0;
    const slow: Plugin = {
      name: 'slow',
      setup(build) {
        build.onLoad({ filter: /theme\.ts$/ }, async (args) => {
          const contents = readFileSync(args.path, 'utf8');
          if (loads++ === 0) {
            read();
            await released;
          }
          return { contents, loader: 'ts' };
        });
      },
    };
    const ctx = await context({ ...moduleOptions(file, { absWorkingDir: root }), plugins: [slow] });
    try {
      const first = rebuild(ctx, { root, ...blame }).catch((e: unknown) => e);
      await hasRead;
      writeFileSync(file, 'export const fixed = 1;\n');
      const second = rebuild(ctx, { root, ...blame });
      release();
      expect(await first).toBeInstanceOf(DocgenError);
      expect((await second).outputFiles[0].text).toContain('fixed = 1');
    } finally {
      await ctx.dispose();
    }
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
