import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DevMarkdownCache } from '../../../generator/dev/cache.ts';
import { MarkdownCache } from '../../../generator/markdown/index.ts';
import type { RenderJob } from '../../../generator/markdown/job.ts';
import type { MarkdownOutput } from '../../../generator/model.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const folder = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'docgen-devcache-'));
  dirs.push(d);
  return d;
};
const job = (body: string): RenderJob => ({ docId: 'a', source: 'content/docs/a.md', body, bodyLine: 1, apiBaseUrl: '' });
const output = (html: string) => ({ docId: 'a', html, toc: [], ids: [], links: [], sections: [] }) as unknown as MarkdownOutput;

describe("dev's Markdown cache", () => {
  it('gives the keys the build gives, again when the Markdown changes', () => {
    const dir = folder();
    const dev = new DevMarkdownCache(dir, 'salt', true);
    const build = new MarkdownCache(dir, 'salt', true);
    expect(dev.key(job('# A'))).toBe(build.key(job('# A')));
    expect(dev.key(job('# A'))).toBe(build.key(job('# A')));
    expect(dev.key(job('# B'))).toBe(build.key(job('# B')));
  });

  it('finds what it wrote and what the folder held when first asked; what another process writes later, after forget', async () => {
    const dir = folder();
    const before = new MarkdownCache(dir, 'salt', true);
    before.set(job('# Old'), output('<h1>Old</h1>'));
    await before.flush();
    const dev = new DevMarkdownCache(dir, 'salt', true);
    expect(dev.get(job('# Old'))).toBeDefined();
    dev.set(job('# Mine'), output('<h1>Mine</h1>'));
    await dev.flush();
    expect(dev.get(job('# Mine'))).toBeDefined();
    const other = new MarkdownCache(dir, 'salt', true);
    other.set(job('# Theirs'), output('<h1>Theirs</h1>'));
    await other.flush();
    expect(readdirSync(dir)).toHaveLength(3);
    expect(dev.get(job('# Theirs'))).toBeUndefined();
    dev.forget();
    expect(dev.get(job('# Theirs'))?.html()).toBe('<h1>Theirs</h1>');
  });
});
