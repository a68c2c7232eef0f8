import { readdirSync } from 'node:fs';
import { MarkdownCache } from '../markdown/index.ts';
import { cacheFileName as fileOf } from '../markdown/cache.ts';
import type { RenderJob } from '../markdown/job.ts';
import type { MarkdownOutput } from '../model.ts';

/**
 * The Markdown cache as `docgen dev` looks it up, run after run over every doc of the site:
 * a doc's key is hashed again only when its Markdown changed, and a key is looked for among the
 * files the folder held when first asked (and those this process wrote) instead of on disk, so
 * a start on a cold cache does not try to open one file per doc, nor the next run again. What
 * another process writes meanwhile is seen after `forget` (the session's `forgetRenders`);
 * until then such a doc is rendered again, which costs time, never correctness.
 */
export class DevMarkdownCache extends MarkdownCache {
  private readonly keys = new Map<string, { job: RenderJob; key: string }>();
  private present?: Set<string>;

  override key(job: RenderJob): string {
    // The config's part of a job is the same for every job of this cache (a new config makes a new cache).
    if (job.operations || job.components) return super.key(job);
    const known = this.keys.get(job.docId);
    if (known && known.job.body === job.body && known.job.source === job.source && known.job.bodyLine === job.bodyLine) return known.key;
    const key = super.key(job);
    this.keys.set(job.docId, { job, key });
    return key;
  }

  override get(job: RenderJob) {
    this.present ??= this.list();
    return this.present.has(fileOf(this.key(job))) ? super.get(job) : undefined;
  }

  override set(job: RenderJob, output: MarkdownOutput) {
    const entry = super.set(job, output);
    this.present?.add(fileOf(this.key(job)));
    return entry;
  }

  /** Whether the folder held no entry when first asked (and this process wrote none). */
  isEmpty(): boolean {
    return (this.present ??= this.list()).size === 0;
  }

  /** Look on disk again: another process changed the folder. */
  forget(): void {
    this.present = undefined;
  }

  private list(): Set<string> {
    try {
      return new Set(readdirSync(this.dir));
    } catch {
      return new Set();
    }
  }
}
