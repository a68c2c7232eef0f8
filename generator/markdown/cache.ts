import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Rendered } from '../model.ts';
import type { RenderJob } from './render.ts';

/**
 * Rendered Markdown on disk, one JSON file per doc, keyed by everything that can change the
 * output: the generator version, the config hash and the job itself.
 */
export class MarkdownCache {
  private readonly used = new Set<string>();
  constructor(
    readonly dir: string,
    private readonly salt: string,
    private readonly enabled: boolean,
  ) {}

  key(job: RenderJob): string {
    return createHash('sha256').update(this.salt).update('\0').update(JSON.stringify(job)).digest('hex').slice(0, 32);
  }

  get(job: RenderJob): Rendered | undefined {
    if (!this.enabled) return undefined;
    const key = this.key(job);
    this.used.add(key);
    try {
      return JSON.parse(readFileSync(path.join(this.dir, `${key}.json`), 'utf8')) as Rendered;
    } catch {
      return undefined;
    }
  }

  set(job: RenderJob, rendered: Rendered): void {
    if (!this.enabled) return;
    mkdirSync(this.dir, { recursive: true });
    const key = this.key(job);
    this.used.add(key);
    writeFileSync(path.join(this.dir, `${key}.json`), JSON.stringify(rendered));
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
    for (const f of files) if (!this.used.has(f.replace(/\.json$/, ''))) rmSync(path.join(this.dir, f), { force: true });
  }
}
