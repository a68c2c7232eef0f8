import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocgenError } from '../errors.ts';
import { DOCGEN_ROOT } from '../root.ts';
import type { MarkdownOutput, RenderedMeta } from '../model.ts';
import type { RenderJob } from './render.ts';

/**
 * The Markdown stage's own code, hashed: a cache written by other code (an upgrade, a local
 * change) is not served as if this code had rendered it.
 */
function stageCodeHash(): string {
  const dir = path.join(DOCGEN_ROOT, 'generator', 'markdown');
  const hash = createHash('sha256');
  try {
    for (const f of readdirSync(dir).sort()) hash.update(f).update(readFileSync(path.join(dir, f)));
  } catch {
    // Sources not shipped beside the bundle: the version in the salt still separates releases.
  }
  return hash.digest('hex').slice(0, 16);
}

export interface CacheEntry {
  meta: RenderedMeta;
  html: () => string;
}

/**
 * Rendered Markdown on disk, keyed by everything that can change the output: the generator
 * version and the Markdown stage's code, the config hash and the job itself. Each doc is two
 * files: `<key>.json` (toc, ids, links…) and `<key>.html`, read only when the page is rendered.
 */
export class MarkdownCache {
  private readonly used = new Set<string>();
  private readonly writes = new Set<Promise<unknown>>();
  /** HTML whose file is still being written, by key. */
  private readonly inFlight = new Map<string, string>();
  private madeDir = false;
  constructor(
    readonly dir: string,
    private readonly salt: string,
    readonly enabled: boolean,
  ) {
    this.salt = `${salt}:${stageCodeHash()}`;
  }

  key(job: RenderJob): string {
    return createHash('sha256').update(this.salt).update('\0').update(JSON.stringify(job)).digest('hex').slice(0, 32);
  }

  private entry(key: string, meta: RenderedMeta): CacheEntry {
    const file = path.join(this.dir, `${key}.html`);
    const html = () => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        // Only another process clearing the cache mid-build gets here.
        throw new DocgenError(`the Markdown cache changed during the build (${path.basename(file)} is gone)`, { file: path.relative(process.cwd(), this.dir) }, 'run the build again; --no-cache ignores the cache');
      }
    };
    return { meta, html };
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

  /**
   * Store a fresh result. The files are written in the background (the main thread stays free
   * to pass work between threads); until `flush()` the HTML is served from memory.
   */
  set(job: RenderJob, output: MarkdownOutput): CacheEntry {
    const { html, ...meta } = output;
    if (!this.enabled) return { meta, html: () => html };
    if (!this.madeDir) mkdirSync(this.dir, { recursive: true });
    this.madeDir = true;
    const key = this.key(job);
    this.used.add(key);
    this.inFlight.set(key, html);
    const write = Promise.all([
      writeFile(path.join(this.dir, `${key}.html`), html),
      writeFile(path.join(this.dir, `${key}.json`), JSON.stringify(meta)),
    ]).then(() => {
      this.writes.delete(write);
      this.inFlight.delete(key);
    });
    this.writes.add(write);
    const entry = this.entry(key, meta);
    return { meta, html: () => this.inFlight.get(key) ?? entry.html() };
  }

  /** Wait for the background writes. */
  async flush(): Promise<void> {
    await Promise.all(this.writes);
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
