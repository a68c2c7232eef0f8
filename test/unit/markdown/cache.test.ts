import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CacheEntryGone, MarkdownCache } from '../../../generator/markdown/cache.ts';
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
});
