import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputWriter, writeOutput } from '../../../generator/output/index.ts';

describe('output', () => {
  it('replaces the whole folder and leaves no temporary folder behind', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-out-'));
    const out = path.join(parent, 'build');
    mkdirSync(out);
    writeFileSync(path.join(out, 'stale.html'), 'old');
    await writeOutput(out, [{ path: 'index.html', contents: 'new' }, { path: 'docs/a/index.html', contents: 'a' }]);
    expect(existsSync(path.join(out, 'stale.html'))).toBe(false);
    expect(readFileSync(path.join(out, 'docs/a/index.html'), 'utf8')).toBe('a');
    // The replaced output is removed by a detached process shortly after.
    await expect.poll(() => readdirSync(parent), { timeout: 5000 }).toEqual(['build']);
  });
});

describe('output confinement', () => {
  it('refuses a path that resolves outside its folder, and writes nothing beside it', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-out-'));
    const out = path.join(parent, 'build');
    for (const bad of ['../escape.html', 'docs/../../escape.html', '/abs/escape.html', '', 'a\0b']) {
      await expect(writeOutput(out, [{ path: 'index.html', contents: 'ok' }, { path: bad, contents: 'x' }]), JSON.stringify(bad)).rejects.toThrow(/is not a path inside the output folder|refusing to write/);
    }
    expect(readdirSync(parent)).toEqual([]);
  });

  it('refuses a folder made ahead outside the output', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-out-'));
    const writer = new OutputWriter(path.join(parent, 'build'));
    expect(() => writer.makeDirs(['docs/../../outside/index.html'])).toThrow('refusing to write "docs/../../outside/index.html": it is not a path inside the output folder');
    await writer.abort();
    expect(readdirSync(parent)).toEqual([]);
  });
});
