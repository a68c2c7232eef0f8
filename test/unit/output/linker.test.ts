import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Linker } from '../../../generator/output/linker.ts';

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

  it('links a file that still has the size it was written with, and says which it did not link', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-linker-'));
    mkdirSync(path.join(root, 'old'));
    mkdirSync(path.join(root, 'new'));
    for (const name of ['same', 'edited']) writeFileSync(path.join(root, 'old', name), '<p>12345</p>');
    writeFileSync(path.join(root, 'old', 'edited'), '<p>123');
    const linker = new Linker();
    const results: Record<string, boolean> = {};
    // More than one message's worth, so that batches and the last partial one all come back.
    const names = ['same', 'edited', 'gone', ...Array.from({ length: 600 }, (_, i) => `same-${i}`)];
    for (const name of names.slice(3)) writeFileSync(path.join(root, 'old', name), '<p>12345</p>');
    for (const name of names) linker.link(path.join(root, 'old', name), path.join(root, 'new', name), 12, (linked) => (results[name] = linked));
    await linker.drain();
    expect(Object.keys(results)).toHaveLength(names.length);
    expect([results.same, results.edited, results.gone, results['same-599']]).toEqual([true, false, false, true]);
    expect(statSync(path.join(root, 'new', 'same')).ino).toBe(statSync(path.join(root, 'old', 'same')).ino);
    expect(existsSync(path.join(root, 'new', 'edited'))).toBe(false);
    await linker.close();
  });

  it('leaves what is asked of it once stopped undone, without waiting', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-linker-'));
    writeFileSync(path.join(root, 'old'), '<p>12345</p>');
    const linker = new Linker();
    await linker.close();
    let linked: boolean | undefined;
    linker.link(path.join(root, 'old'), path.join(root, 'new'), 12, (l) => (linked = l));
    await linker.drain();
    expect(linked).toBe(false);
    expect(await linker.makeDirs([path.join(root, 'd')])).toEqual([path.join(root, 'd')]);
    expect(existsSync(path.join(root, 'new'))).toBe(false);
  });
});
