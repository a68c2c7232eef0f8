import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { MarkdownOutput, RenderedMeta } from '../model.ts';
import type { RenderJob } from './render.ts';

export interface CacheEntry {
  meta: RenderedMeta;
  html: () => string;
}

/**
 * Rendered Markdown on disk, keyed by everything that can change the output: the generator
 * version, the config hash and the job itself. Each doc is two files: `<key>.json` (toc, ids,
 * links…) and `<key>.html`, read only when the page is rendered.
 */
export class MarkdownCache {
  private readonly used = new Set<string>();
  constructor(
    readonly dir: string,
    private readonly salt: string,
    readonly enabled: boolean,
  ) {}

  key(job: RenderJob): string {
    return createHash('sha256').update(this.salt).update('\0').update(JSON.stringify(job)).digest('hex').slice(0, 32);
  }

  private entry(key: string, meta: RenderedMeta): CacheEntry {
    const file = path.join(this.dir, `${key}.html`);
    return { meta, html: () => readFileSync(file, 'utf8') };
  }

  get(job: RenderJob): CacheEntry | undefined {
    if (!this.enabled) return undefined;
    const key = this.key(job);
    this.used.add(key);
    try {
      if (!existsSync(path.join(this.dir, `${key}.html`))) return undefined;
      return this.entry(key, JSON.parse(readFileSync(path.join(this.dir, `${key}.json`), 'utf8')) as RenderedMeta);
    } catch {
      return undefined;
    }
  }

  /** Store a fresh result; with the cache off, the HTML stays in memory instead. */
  set(job: RenderJob, output: MarkdownOutput): CacheEntry {
    const { html, ...meta } = output;
    if (!this.enabled) return { meta, html: () => html };
    mkdirSync(this.dir, { recursive: true });
    const key = this.key(job);
    this.used.add(key);
    writeFileSync(path.join(this.dir, `${key}.html`), html);
    writeFileSync(path.join(this.dir, `${key}.json`), JSON.stringify(meta));
    return this.entry(key, meta);
  }

  /** Drop entries this build did not use, so the cache does not grow without bound. */
  prune(): void {
    if (!this.enabled) return;
    let files: string[];
    try {
      files = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const f of files) if (!this.used.has(f.replace(/\.(json|html)$/, ''))) rmSync(path.join(this.dir, f), { force: true });
  }
}
