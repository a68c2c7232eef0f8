import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchFiles, type Watcher } from '../../../generator/dev/watch.ts';

let watcher: Watcher | undefined;
let dir: string;
afterEach(async () => {
  await watcher?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('watchFiles', () => {
  it('reports a save written as truncate, pause, write with the file as it ended up', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-watch-'));
    const files = [1, 2, 3, 4, 5, 6].map((n) => path.join(dir, `page-${n}.md`));
    for (const file of files) writeFileSync(file, 'old text\n');
    const seen = new Map<string, string>();
    watcher = watchFiles([dir], (changed) => {
      for (const file of changed) seen.set(file, readFileSync(file, 'utf8'));
    }, (err) => {
      throw err;
    });
    await watcher.ready;
    // What an editor (or writeFileSync on a busy machine) can do: the truncation is seen and
    // read as an empty file, and the write lands within chokidar's 5 ms throttle window.
    for (const [i, file] of files.entries()) {
      const fd = openSync(file, 'w');
      await new Promise((r) => setTimeout(r, 3 + (i % 3)));
      writeSync(fd, 'new text\n');
      closeSync(fd);
      await new Promise((r) => setTimeout(r, 20));
    }
    await expect.poll(() => files.map((f) => seen.get(f)), { timeout: 2_000 }).toEqual(files.map(() => 'new text\n'));
  });

  it('reports a file once for a single plain save', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-watch-'));
    const file = path.join(dir, 'page.md');
    writeFileSync(file, 'old text\n');
    let batches = 0;
    watcher = watchFiles([dir], (files) => {
      if (files.includes(file)) batches++;
    }, (err) => {
      throw err;
    });
    await watcher.ready;
    writeFileSync(file, 'new text\n');
    await expect.poll(() => batches, { timeout: 2_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(batches).toBe(1);
  });

  it('watches a file added once the config names it (the OpenAPI description)', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-watch-'));
    const content = path.join(dir, 'content');
    const yaml = path.join(dir, 'api.yaml');
    writeFileSync(yaml, 'openapi: 3.1.0\n');
    const seen: string[] = [];
    mkdirSync(content);
    watcher = watchFiles([content], (changed) => seen.push(...changed), (err) => {
      throw err;
    });
    await watcher.ready;
    watcher.add([yaml]);
    await new Promise((r) => setTimeout(r, 300));
    writeFileSync(yaml, 'openapi: 3.1.1\n');
    await expect.poll(() => seen.includes(yaml), { timeout: 3_000 }).toBe(true);
  });

  it('started after the files were read, reports those modified since then, and no other', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-watch-'));
    const old = path.join(dir, 'old.md');
    const edited = path.join(dir, 'sub', 'edited.md');
    mkdirSync(path.dirname(edited));
    writeFileSync(old, 'old\n');
    writeFileSync(edited, 'old\n');
    const past = new Date(Date.now() - 60_000);
    utimesSync(old, past, past);
    utimesSync(edited, past, past);
    const readFrom = Date.now() - 1_000;
    // Saved between the read and the watcher's start.
    writeFileSync(edited, 'new\n');
    const seen: string[] = [];
    // A path not there (as redirects.json may be) made chokidar ready before its scan ended.
    watcher = watchFiles([dir, path.join(dir, 'missing.json')], (changed) => seen.push(...changed), (err) => {
      throw err;
    }, readFrom);
    await watcher.ready;
    await expect.poll(() => seen, { timeout: 2_000 }).toEqual([edited]);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([edited]);
    writeFileSync(old, 'new\n');
    writeFileSync(path.join(dir, 'missing.json'), '[]');
    await expect.poll(() => [...new Set(seen)].sort(), { timeout: 2_000 }).toEqual([edited, path.join(dir, 'missing.json'), old].sort());
  });

  it('started after the files were read, reports a file the read saw and that was removed before its first scan', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-watch-'));
    const kept = path.join(dir, 'kept.md');
    const removed = path.join(dir, 'removed.md');
    writeFileSync(kept, 'kept\n');
    const past = new Date(Date.now() - 60_000);
    utimesSync(kept, past, past);
    const readFrom = Date.now() - 1_000;
    const seen: string[] = [];
    watcher = watchFiles([dir], (changed) => seen.push(...changed), (err) => {
      throw err;
    }, readFrom, undefined, () => [kept, removed]);
    await watcher.ready;
    await expect.poll(() => seen, { timeout: 2_000 }).toEqual([removed]);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([removed]);
  });
});

