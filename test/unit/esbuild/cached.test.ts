import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCached, type CompiledOptions } from '../../../generator/esbuild/cached.ts';

const blame = { root: '/', file: 'x', prefix: '', hint: '' };

/** A module importing a helper, both dated a minute ago (older than any compile of the test). */
function project() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-esbuild-cache-'));
  writeFileSync(path.join(dir, 'entry.ts'), "import { n } from './helper.ts';\nexport default n + 1;\n");
  writeFileSync(path.join(dir, 'helper.ts'), 'export const n = 1;\n');
  const old = (Date.now() - 60_000) / 1000;
  for (const f of ['entry.ts', 'helper.ts']) utimesSync(path.join(dir, f), old, old);
  const options: CompiledOptions = { entryPoints: [path.join(dir, 'entry.ts')], bundle: true, format: 'esm', write: false, metafile: true, absWorkingDir: dir, outdir: 'out' };
  return { dir, options, cache: { dir: path.join(dir, 'cache'), key: 'test' } };
}

/** Mark the cached output so a result that comes from the cache is told apart from a compile. */
function tamper(cacheDir: string): void {
  const [name] = readdirSync(cacheDir);
  const file = path.join(cacheDir, name);
  const entry = JSON.parse(readFileSync(file, 'utf8'));
  entry.outputs[0][1] = Buffer.from('/* from the cache */').toString('base64');
  writeFileSync(file, JSON.stringify(entry));
}

describe('compileCached', () => {
  it('gives the output of an earlier run while every input file has the same bytes', async () => {
    const { options, cache } = project();
    const first = await compileCached(options, blame, cache);
    expect(first.outputFiles[0].text).toContain('n + 1');
    tamper(cache.dir);
    expect((await compileCached(options, blame, cache)).outputFiles[0].text).toBe('/* from the cache */');
    expect((await compileCached(options, blame, { ...cache, key: 'other' })).outputFiles[0].text).toContain('n + 1');
  });

  it('compiles again when a file the module imports changed', async () => {
    const { dir, options, cache } = project();
    await compileCached(options, blame, cache);
    tamper(cache.dir);
    writeFileSync(path.join(dir, 'helper.ts'), 'export const n = 41;\n');
    expect((await compileCached(options, blame, cache)).outputFiles[0].text).toContain('41');
  });

  it('keeps nothing when an input was modified after the compile began (saved during the build)', async () => {
    const { dir, options, cache } = project();
    const now = Date.now() / 1000;
    utimesSync(path.join(dir, 'helper.ts'), now, now);
    await compileCached(options, blame, cache);
    expect(() => readdirSync(cache.dir)).toThrow();
  });
});
