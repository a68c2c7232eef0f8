import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocgenError } from '../errors.ts';
import { DOCGEN_ROOT } from '../root.ts';
import type { MarkdownOutput, RenderedMeta } from '../model.ts';
import type { RenderJob } from './job.ts';

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

const SUFFIX = '.md.cache';

/**
 * A cache entry whose file another process removed since it was read (a `docgen build` pruning
 * the cache it shares with `docgen dev`): the doc must be rendered again.
 */
export class CacheEntryGone extends DocgenError {
  override name = 'CacheEntryGone';
}

export interface CacheEntry {
  meta: RenderedMeta;
  html: () => string;
}

/** One block for every look-up: a warm build reads thousands of first lines. */
const BLOCK = Buffer.allocUnsafe(64 * 1024);

/**
 * The first line of a cache file: its meta (JSON has no raw newline). Read a block at a time,
 * so that looking a doc up does not read its HTML.
 */
function readFirstLine(file: string): { line: string; bytes: number } {
  const fd = openSync(file, 'r');
  try {
    const before: Buffer[] = [];
    for (let offset = 0; ; ) {
      const n = readSync(fd, BLOCK, 0, BLOCK.length, offset);
      const nl = BLOCK.subarray(0, n).indexOf(10);
      if (nl !== -1 || n === 0) {
        const head = Buffer.concat([...before, BLOCK.subarray(0, nl === -1 ? n : nl)]);
        return { line: head.toString('utf8'), bytes: head.length + 1 };
      }
      before.push(Buffer.from(BLOCK.subarray(0, n)));
      offset += n;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Rendered Markdown on disk, keyed by everything that can change the output: the generator
 * version and the Markdown stage's code, the config hash and the job itself. Each doc is one
 * file, `<key>.md.cache`: a line of meta (toc, ids, links…), then the HTML, read only when the
 * page is rendered (one file, not two: creating files is most of what writing the cache costs).
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

  private entry(key: string, meta: RenderedMeta, metaBytes: number): CacheEntry {
    const file = path.join(this.dir, `${key}${SUFFIX}`);
    const html = () => {
      try {
        return readFileSync(file).subarray(metaBytes).toString('utf8');
      } catch {
        // Only another process clearing the cache mid-build gets here.
        throw new CacheEntryGone(`the Markdown cache changed during the build (${path.basename(file)} is gone)`, { file: path.relative(process.cwd(), this.dir) }, 'run the build again; --no-cache ignores the cache');
      }
    };
    return { meta, html };
  }

  get(job: RenderJob): CacheEntry | undefined {
    if (!this.enabled) return undefined;
    const key = this.key(job);
    this.used.add(key);
    try {
      const { line, bytes } = readFirstLine(path.join(this.dir, `${key}${SUFFIX}`));
      return this.entry(key, JSON.parse(line) as RenderedMeta, bytes);
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
    const head = `${JSON.stringify(meta)}\n`;
    const file = path.join(this.dir, `${key}${SUFFIX}`);
    // Another process may have removed the folder meanwhile (the dev server outlives builds).
    const written = writeFile(file, head + html).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      await mkdir(this.dir, { recursive: true });
      await writeFile(file, head + html);
    });
    const write = written.then(() => {
      this.writes.delete(write);
      this.inFlight.delete(key);
    });
    this.writes.add(write);
    const entry = this.entry(key, meta, Buffer.byteLength(head));
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
    for (const f of files) if (!this.used.has(f.slice(0, -SUFFIX.length)) || !f.endsWith(SUFFIX)) rmSync(path.join(this.dir, f), { force: true });
  }
}
