import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Folders } from '../../../generator/output/folders.ts';
import { Linker } from '../../../generator/output/linker.ts';

describe('the output\'s folders', () => {
  for (const where of ['here', 'on the linker\'s thread']) {
    it(`makes folders ahead ${where}, and gives a folder it could not make as the failure of the file that needs it`, async () => {
      const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-folders-'));
      writeFileSync(path.join(root, 'file'), 'a file where a folder goes');
      const linker = where === 'here' ? undefined : new Linker();
      const folders = new Folders(root, linker);
      const files = ['docs/a/b/index.html', 'docs/a/c/index.html', 'file/x/index.html'].map((f) => path.join(root, f));
      folders.makeAhead(files);
      await folders.of(files[0]);
      expect(statSync(path.join(root, 'docs/a/c')).isDirectory()).toBe(true);
      await expect(folders.of(files[2])).rejects.toThrow(/EEXIST/);
      // A folder not made ahead is made when its file comes.
      await folders.of(path.join(root, 'late/d/index.html'));
      expect(statSync(path.join(root, 'late/d')).isDirectory()).toBe(true);
      await linker?.close();
    });
  }

  it('lets work queued behind the thread\'s folders go ahead without waiting for them', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-folders-'));
    const linker = new Linker();
    const folders = new Folders(root, linker);
    const file = path.join(root, 'docs/a/index.html');
    folders.makeAhead([file]);
    expect(folders.of(file, true)).toBeUndefined();
    expect(folders.of(file)).toBeInstanceOf(Promise);
    await folders.of(file);
    expect(folders.of(file)).toBeUndefined();
    await linker.close();
  });
});
