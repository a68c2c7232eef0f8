import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Linker } from '../../../generator/output/linker.ts';
import { writtenState } from '../../../generator/output/unchanged.ts';

describe('the linker thread', () => {
  it('makes folders parents first and says which it could not make', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-linker-'));
    writeFileSync(path.join(root, 'file'), 'a file where a folder goes');
    const linker = new Linker();
    const dirs = ['a', 'a/b', 'a/b/c', 'file', 'file/d'].map((d) => path.join(root, d));
    expect(await linker.makeDirs(dirs)).toEqual([path.join(root, 'file'), path.join(root, 'file/d')]);
    expect(statSync(path.join(root, 'a/b/c')).isDirectory()).toBe(true);
    await linker.close();
  });

  it('links a file still as it was written, and says which it did not link: cut short, edited to the same length, gone', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-linker-'));
    mkdirSync(path.join(root, 'old'));
    mkdirSync(path.join(root, 'new'));
    // More than one message's worth, so that batches and the last partial one all come back.
    const names = ['same', 'edited', 'retouched', 'gone', ...Array.from({ length: 600 }, (_, i) => `same-${i}`)];
    const written: Record<string, string> = {};
    for (const name of names) {
      const file = path.join(root, 'old', name);
      writeFileSync(file, '<p>12345</p>');
      // Written long ago, so that an edit now shows in the modification time.
      utimesSync(file, 1_600_000_000, 1_600_000_000);
      written[name] = writtenState(statSync(file));
    }
    writeFileSync(path.join(root, 'old', 'edited'), '<p>123');
    writeFileSync(path.join(root, 'old', 'retouched'), '<p>54321</p>');
    rmSync(path.join(root, 'old', 'gone'));
    const linker = new Linker();
    const results: Record<string, boolean> = {};
    for (const name of names) linker.link(path.join(root, 'old', name), path.join(root, 'new', name), written[name], (linked) => (results[name] = linked));
    await linker.drain();
    expect(Object.keys(results)).toHaveLength(names.length);
    expect([results.same, results.edited, results.retouched, results.gone, results['same-599']]).toEqual([true, false, false, false, true]);
    expect(statSync(path.join(root, 'new', 'same')).ino).toBe(statSync(path.join(root, 'old', 'same')).ino);
    expect(existsSync(path.join(root, 'new', 'edited'))).toBe(false);
    expect(existsSync(path.join(root, 'new', 'retouched'))).toBe(false);
    await linker.close();
  });

  it('leaves what is asked of it once stopped undone, without waiting', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-linker-'));
    writeFileSync(path.join(root, 'old'), '<p>12345</p>');
    const linker = new Linker();
    await linker.close();
    let linked: boolean | undefined;
    linker.link(path.join(root, 'old'), path.join(root, 'new'), writtenState(statSync(path.join(root, 'old'))), (l) => (linked = l));
    await linker.drain();
    expect(linked).toBe(false);
    expect(await linker.makeDirs([path.join(root, 'd')])).toEqual([path.join(root, 'd')]);
    expect(existsSync(path.join(root, 'new'))).toBe(false);
  });
});
