import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CacheEntryGone, MarkdownCache, stageCodeHash } from '../../../generator/markdown/cache.ts';
import type { MarkdownOutput } from '../../../generator/model.ts';

const job = (body: string) => ({ docId: 'a', source: 'content/docs/a.md', body, bodyLine: 1, apiBaseUrl: 'https://api.example' });

function output(heading: string, html: string): MarkdownOutput {
  return { docId: 'a', html, toc: [{ id: 'x', text: heading, level: 2 }], ids: ['x'], links: [], sections: [{ heading, anchor: 'x', text: 'é ✓' }], diagnostics: [] };
}

describe('MarkdownCache', () => {
  it('gives back what a previous build stored: meta and HTML, multi-byte text and long meta included', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-cache-'));
    const long = 'ü'.repeat(100_000);
    const first = new MarkdownCache(dir, 'salt', true);
    first.set(job('one'), output('Ünïcode ✓', '<p>one ✓</p>\n<p>two</p>'));
    first.set(job('two'), output(long, '<p>long</p>'));
    await first.flush();
    expect(readdirSync(dir)).toHaveLength(2);

    const second = new MarkdownCache(dir, 'salt', true);
    const one = second.get(job('one'))!;
    expect(one.meta.toc[0].text).toBe('Ünïcode ✓');
    expect(one.meta.sections[0].text).toBe('é ✓');
    expect(one.html()).toBe('<p>one ✓</p>\n<p>two</p>');
    const two = second.get(job('two'))!;
    expect(two.meta.toc[0].text).toBe(long);
    expect(two.html()).toBe('<p>long</p>');
    expect(second.get(job('three'))).toBeUndefined();
  });

  it('keeps neither the HTML nor the file\'s bytes in memory once an entry is written: a large site\'s entries stay small', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-cache-'));
    const cache = new MarkdownCache(dir, 'salt', true);
    const heap = () => {
      gc();
      gc();
      return process.memoryUsage();
    };
    const before = heap();
    // 100 docs of 1 MB of HTML each: kept alive by the entries, they would hold ~100 MB of heap and as much in buffers.
    const entries = Array.from({ length: 100 }, (_, i) => cache.set(job(`doc ${i}`), output('T', `<p>${String(i).padStart(4, '0')}${'x'.repeat(1_000_000)}</p>`)));
    await cache.flush();
    await new Promise((r) => setTimeout(r, 50));
    const after = heap();
    expect(after.heapUsed - before.heapUsed).toBeLessThan(20_000_000);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(20_000_000);
    // Read back from the files when asked.
    expect(entries[42].html().slice(0, 7)).toBe('<p>0042');
    rmSync(dir, { recursive: true, force: true });
  });

  it('treats a file cut short as a miss, and prunes what the build did not use', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-cache-'));
    const first = new MarkdownCache(dir, 'salt', true);
    first.set(job('one'), output('One', '<p>one</p>'));
    first.set(job('two'), output('Two', '<p>two</p>'));
    await first.flush();
    const file = path.join(dir, `${first.key(job('one'))}.md.cache`);
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 20));

    const second = new MarkdownCache(dir, 'salt', true);
    expect(second.get(job('one'))).toBeUndefined();
    second.prune();
    expect(readdirSync(dir)).toEqual([`${first.key(job('one'))}.md.cache`]);
  });

  it('says an entry another process removed is gone, and writes again into a removed folder', async () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'docgen-cache-')), 'markdown');
    const cache = new MarkdownCache(dir, 'salt', true);
    cache.set(job('one'), output('One', '<p>one</p>'));
    await cache.flush();
    const held = new MarkdownCache(dir, 'salt', true).get(job('one'))!;
    rmSync(dir, { recursive: true });
    expect(() => held.html()).toThrow(CacheEntryGone);
    cache.set(job('two'), output('Two', '<p>two</p>'));
    await cache.flush();
    expect(new MarkdownCache(dir, 'salt', true).get(job('two'))!.html()).toBe('<p>two</p>');
  });

  it('treats an entry whose HTML was cut short or changed as a miss, and never serves it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-cache-'));
    const html = `<p>${'long page ✓ '.repeat(20_000)}</p>`;
    const first = new MarkdownCache(dir, 'salt', true);
    first.set(job('cut'), output('Cut', html));
    first.set(job('flipped'), output('Flipped', html));
    first.set(job('changed-later'), output('Later', html));
    await first.flush();
    const file = (name: string) => path.join(dir, `${first.key(job(name))}.md.cache`);
    // A build killed mid-write (before writes were renamed into place) left a prefix.
    const whole = readFileSync(file('cut'));
    writeFileSync(file('cut'), whole.subarray(0, Math.floor(whole.length * 0.8)));
    // Same length, one byte different.
    const flipped = readFileSync(file('flipped'));
    flipped[flipped.length - 10] ^= 1;
    writeFileSync(file('flipped'), flipped);

    const second = new MarkdownCache(dir, 'salt', true);
    expect(second.get(job('cut'))).toBeUndefined();
    expect(second.get(job('flipped'))).toBeUndefined();
    const later = second.get(job('changed-later'))!;
    writeFileSync(file('changed-later'), readFileSync(file('changed-later')).subarray(0, 5000));
    expect(() => later.html()).toThrow(/the Markdown cache changed during the build .* is not what was looked up/);
  });

  it('writes each entry under a temporary name, renamed when complete; prune drops temporary files of killed builds', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-cache-'));
    const cache = new MarkdownCache(dir, 'salt', true);
    cache.set(job('one'), output('One', '<p>one</p>'));
    expect(readdirSync(dir).every((f) => f.endsWith('.tmp'))).toBe(true);
    await cache.flush();
    expect(readdirSync(dir)).toEqual([`${cache.key(job('one'))}.md.cache`]);

    const stale = path.join(dir, `${cache.key(job('two'))}.md.cache.123-1.tmp`);
    const fresh = path.join(dir, `${cache.key(job('three'))}.md.cache.456-1.tmp`);
    writeFileSync(stale, 'half');
    writeFileSync(fresh, 'half');
    utimesSync(stale, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    const next = new MarkdownCache(dir, 'salt', true);
    expect(next.get(job('one'))!.html()).toBe('<p>one</p>');
    next.prune();
    // Another build may still be writing the recent one.
    expect(readdirSync(dir).sort()).toEqual([`${cache.key(job('one'))}.md.cache`, path.basename(fresh)].sort());
  });

  it('keys entries by the code the stage runs, files in its subfolders, dependency versions and the changes made to dependencies included', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-code-'));
    const write = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    };
    for (const rel of ['generator/markdown/render.ts', 'generator/markdown/visitors/code.ts', 'generator/openapi/view/fields.ts', 'generator/components/render.ts', 'common/page.ts', 'generator/esbuild/patches.mjs', 'package-lock.json']) write(rel, 'a');
    const hashes = new Set([stageCodeHash(root)]);
    for (const rel of ['generator/markdown/visitors/code.ts', 'generator/openapi/view/fields.ts', 'generator/components/render.ts', 'generator/esbuild/patches.mjs', 'package-lock.json']) {
      write(rel, 'b');
      hashes.add(stageCodeHash(root));
    }
    expect(hashes.size).toBe(6);
    write('content/docs/a.md', 'not code');
    expect(hashes.has(stageCodeHash(root))).toBe(true);
  });
});

