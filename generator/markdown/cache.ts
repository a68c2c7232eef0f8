import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, type Stats } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { DocgenError } from '../errors.ts';
import { DOCGEN_ROOT } from '../root.ts';
import type { MarkdownOutput, RenderedMeta } from '../model.ts';
import { operationHashes, type RenderJob } from './job.ts';

/**
 * The code the Markdown stage runs, hashed: its own folder, what its workers import from beside
 * it (operations, components, the shared types), the dependencies' versions (the lockfile) and
 * the changes made to their code as it is bundled (`patches.mjs`).
 * A cache written by other code (an upgrade, a local change) is then not served as if this code
 * had rendered it.
 */
export function stageCodeHash(root = DOCGEN_ROOT): string {
  const hash = createHash('sha256');
  const add = (rel: string) => {
    const full = path.join(root, rel);
    if (statSync(full).isDirectory()) for (const f of readdirSync(full).sort()) add(path.join(rel, f));
    else hash.update(rel).update(readFileSync(full));
  };
  try {
    for (const rel of ['generator/markdown', 'generator/openapi', 'generator/components', 'common', 'generator/esbuild/patches.mjs', 'package-lock.json']) add(rel);
  } catch {
    // Sources not shipped beside the bundle: the version in the salt still separates releases.
  }
  return hash.digest('hex').slice(0, 16);
}

const SUFFIX = '.md.cache';

/** The name of a key's file in the cache folder. */
export const cacheFileName = (key: string) => `${key}${SUFFIX}`;
const TMP = '.tmp';
// Not a cache: a counter that makes this process's temporary file names unique.
let writeCount = 0;

/** A temporary file old enough that no running build is still writing it. */
function isStale(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > 600_000;
  } catch {
    return false;
  }
}

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

/**
 * The first line of a cache file: the meta, and the HTML's length and checksum. A file a killed
 * build left half-written, or one damaged on disk, fails the check and is rendered again. A
 * checksum, not a hash: it guards against damage, and nothing gains by forging an entry of one's
 * own cache.
 */
interface Head {
  meta: RenderedMeta;
  bytes: number;
  crc: number;
}

/** A file as it was when looked up: written under another name and renamed, a changed entry is another file. */
const stampOf = (stats: Stats) => `${stats.ino}:${stats.size}:${stats.mtimeMs}`;

/** A result kept in memory only (the cache is off). */
function inMemory(meta: RenderedMeta, html: string): CacheEntry {
  return { meta, html: () => html };
}

/** One block for every look-up: a warm build reads thousands of entries. */
const BLOCK = Buffer.allocUnsafe(64 * 1024);

/** A cache file's bytes (in BLOCK when they fit, so valid until the next read) and its stamp. */
function readWhole(file: string): { data: Buffer; stamp: string } {
  const fd = openSync(file, 'r');
  try {
    const stats = fstatSync(fd);
    const data = stats.size <= BLOCK.length ? BLOCK.subarray(0, readSync(fd, BLOCK, 0, stats.size, 0)) : readFileSync(fd);
    return { data, stamp: stampOf(stats) };
  } finally {
    closeSync(fd);
  }
}

/**
 * A whole cache file, its first line (JSON has no raw newline) parsed, and its HTML checked
 * against the length and checksum written there; undefined if either does not match.
 */
function readChecked(file: string): { head: Head; headBytes: number; stamp: string } | undefined {
  const { data, stamp } = readWhole(file);
  const nl = data.indexOf(10);
  if (nl === -1) return undefined;
  const head = JSON.parse(data.toString('utf8', 0, nl)) as Head;
  const html = data.subarray(nl + 1);
  if (html.length !== head.bytes || crc32(html) !== head.crc) return undefined;
  return { head, headBytes: nl + 1, stamp };
}

/**
 * Rendered Markdown on disk, keyed by everything that can change the output: the generator
 * version and the Markdown stage's code, the config hash and the job itself. Each doc is one
 * file, `<key>.md.cache`: a line of meta (toc, ids, links…) with the HTML's length and hash,
 * then the HTML, read again only when the page is rendered (one file, not two: creating files
 * is most of what writing the cache costs). Files are written under a temporary name and
 * renamed, so an entry is never seen half-written under its own name.
 */
export class MarkdownCache {
  private readonly used = new Set<string>();
  private readonly writes = new Set<Promise<unknown>>();
  /** HTML whose file is still being written (or could not be), by key. */
  private readonly inFlight = new Map<string, string>();
  private madeDir = false;
  constructor(
    readonly dir: string,
    private readonly salt: string,
    readonly enabled: boolean,
  ) {
    this.salt = `${salt}:${stageCodeHash()}`;
  }

  /** Each job's key, asked for by the look-up, `get` and `set` (a job's keyed parts never change). */
  private readonly jobKeys = new WeakMap<RenderJob, string>();

  key(job: RenderJob): string {
    let key = this.jobKeys.get(job);
    if (key === undefined) this.jobKeys.set(job, (key = this.hashJob(job)));
    return key;
  }

  private hashJob(job: RenderJob): string {
    // The body is hashed as it is, after the rest: escaping it into JSON costs a warm build more than the hash.
    const { body, ...rest } = job;
    // An operation by its hash, which leaves out its place in the YAML: an edit elsewhere in the file re-renders nothing.
    const keyed = job.operations ? { ...rest, operations: operationHashes(job.operations) } : rest;
    // The module's path and what it declares follow from the hash.
    if (job.components) keyed.components = { names: job.components.names, hash: job.components.hash };
    return createHash('sha256').update(this.salt).update('\0').update(JSON.stringify(keyed)).update('\0').update(body).digest('hex').slice(0, 32);
  }

  /**
   * The entry of a file checked when it was looked up (`stamp`: the file as it was then), or
   * when it was stored (no stamp: its checksum is checked when it is read). One changed since
   * is never published.
   */
  private entry(key: string, head: Head, headBytes: number, stamp?: string): CacheEntry {
    const file = path.join(this.dir, cacheFileName(key));
    const html = () => {
      let read: ReturnType<typeof readWhole> | undefined;
      try {
        read = readWhole(file);
      } catch {
        // Only another process clearing the cache mid-build gets here.
      }
      const data = read?.data.subarray(headBytes);
      const same = data !== undefined && data.length === head.bytes && (stamp === undefined ? crc32(data) === head.crc : read!.stamp === stamp);
      if (!same) {
        throw new CacheEntryGone(`the Markdown cache changed during the build (${path.basename(file)} is ${read ? 'not what was looked up' : 'gone'})`, { file: path.relative(process.cwd(), this.dir) }, 'run the build again; --no-cache ignores the cache');
      }
      return data.toString('utf8');
    };
    return { meta: head.meta, html };
  }

  get(job: RenderJob): CacheEntry | undefined {
    if (!this.enabled) return undefined;
    const key = this.key(job);
    this.used.add(key);
    try {
      const found = readChecked(path.join(this.dir, cacheFileName(key)));
      return found && this.entry(key, found.head, found.headBytes, found.stamp);
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
    if (!this.enabled) return inMemory(meta, html);
    if (!this.madeDir) mkdirSync(this.dir, { recursive: true });
    this.madeDir = true;
    const key = this.key(job);
    this.used.add(key);
    this.inFlight.set(key, html);
    const { head, headBytes } = this.store(key, meta, html);
    return this.stored(key, this.entry(key, head, headBytes));
  }

  /**
   * The entry of a stored result: its HTML from memory while the file is being written, then
   * from the file. Its own function, so that the closure holds only the key and the entry: a
   * closure made beside the write would keep the file's bytes and the HTML of every doc alive
   * until the end of the build (V8 gives a function's closures one shared context).
   */
  private stored(key: string, entry: CacheEntry): CacheEntry {
    return { meta: entry.meta, html: () => this.inFlight.get(key) ?? entry.html() };
  }

  /** Write a result's file in the background; its head and the head's length in bytes. */
  private store(key: string, meta: RenderedMeta, html: string): { head: Head; headBytes: number } {
    const body = Buffer.from(html);
    const head: Head = { meta, bytes: body.length, crc: crc32(body) };
    const headLine = Buffer.from(`${JSON.stringify(head)}\n`);
    const file = path.join(this.dir, cacheFileName(key));
    const tmp = `${file}.${process.pid}-${++writeCount}${TMP}`;
    const contents = Buffer.concat([headLine, body]);
    // Another process may have removed the folder meanwhile (the dev server outlives builds).
    const written = writeFile(tmp, contents).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      await mkdir(this.dir, { recursive: true });
      await writeFile(tmp, contents);
    });
    const write = written
      .then(() => rename(tmp, file))
      .then(
        () => this.inFlight.delete(key),
        // A cache that cannot be written (disk full, another build pruning) only costs a render
        // next time; this build keeps the HTML in memory.
        () => rm(tmp, { force: true }),
      )
      .finally(() => this.writes.delete(write));
    this.writes.add(write);
    return { head, headBytes: headLine.length };
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
    for (const f of files) {
      const full = path.join(this.dir, f);
      // A temporary file is another build's write in progress, unless a killed build left it.
      if (f.endsWith(TMP) ? isStale(full) : !f.endsWith(SUFFIX) || !this.used.has(f.slice(0, -SUFFIX.length))) rmSync(full, { force: true });
    }
  }
}
