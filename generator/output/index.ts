import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DocgenError } from '../errors.ts';
import type { OutputFile } from '../model.ts';
import { leftovers, oldName, removeInBackground, restoreInterrupted, tmpName } from './leftovers.ts';
import { Folders } from './folders.ts';
import { Linker } from './linker.ts';
import { linkUnchanged, writtenState } from './unchanged.ts';

/** Writes in flight at once: the thread pool overlaps them with rendering the next pages. */
const CONCURRENCY = 32;

/**
 * Files up to this length (characters of a text, bytes of a binary) are written in this thread.
 * A page is written faster than the thread pool is woken for it, and the pool's threads would
 * take a core from the Markdown workers; larger files (scripts, images, search shards) still
 * overlap with the work.
 */
const SYNC_LENGTH = 64 * 1024;

/**
 * How long a run of writes keeps the main thread before letting other tasks in: files come one
 * after the other with only microtasks between them (a card drawn, a page rendered, each a ms or
 * so), which would hold back the workers' replies and the modules the Markdown stage is loading
 * while the workers run out of docs.
 */
const SLICE_MS = 10;

/**
 * From this many files in the previous build, its unchanged files are linked and the folders
 * made on a thread of their own (see linker.ts): starting the thread costs less than the system
 * calls it takes off this one. Fewer files (a cold build: none) are linked here.
 */
export const THREADED_FILES = 3000;

/**
 * What the previous build wrote: file keys, sizes and modification times, and the folder's
 * inode to know it is still ours. A file changed since (cut short, edited by hand) is produced again.
 */
interface Manifest {
  inode: number;
  keys: Record<string, string>;
  written: Record<string, string>;
}

/**
 * The output stage: files are written as they are produced into a temporary folder beside the
 * target, which `commit()` swaps in. Until then the previous output is untouched, and memory
 * stays flat however large the site (pages are not all held at once). A file whose key matches
 * what the previous build wrote at the same path is hard-linked from it instead of being
 * produced again: an unchanged page is neither rendered nor written.
 */
export class OutputWriter {
  private readonly tmp: string;
  private readonly linker?: Linker;
  private readonly folders: Folders;
  private closed = false;
  private readonly pending = new Set<Promise<unknown>>();
  /** The files of this build written so far (or being written), for `sameAs`. */
  private readonly made = new Map<string, Promise<boolean>>();
  private readonly previous: Pick<Manifest, 'keys' | 'written'>;
  private readonly keys: Record<string, string> = {};
  private readonly written: Record<string, string> = {};
  private failure: unknown;
  reused = 0;

  constructor(
    private readonly outDir: string,
    private readonly manifestFile?: string,
  ) {
    this.tmp = path.resolve(path.dirname(outDir), tmpName(outDir, process.pid));
    restoreInterrupted(outDir);
    removeInBackground(leftovers(outDir));
    rmSync(this.tmp, { recursive: true, force: true });
    mkdirSync(this.tmp, { recursive: true });
    this.previous = readManifest(outDir, manifestFile);
    if (Object.keys(this.previous.keys).length >= THREADED_FILES) this.linker = new Linker();
    this.folders = new Folders(this.tmp, this.linker);
  }

  /** Whether unchanged files are linked and folders made on the linker's thread. */
  get threaded(): boolean {
    return this.linker !== undefined;
  }

  /**
   * Where `file` goes in the temporary folder. The stages check every route before anything is
   * written; this is the last line of defence if one slips through.
   */
  private pathOf(file: string): string {
    const full = path.resolve(this.tmp, file);
    if (!full.startsWith(this.tmp + path.sep) || file.includes('\0')) {
      throw new DocgenError(`refusing to write ${JSON.stringify(file)}: it is not a path inside the output folder`, undefined, 'this is a bug in docgen: please report it with the file that made this path');
    }
    return full;
  }

  async write(file: OutputFile): Promise<void> {
    const full = this.pathOf(file.path);
    const reusable = file.key !== undefined && this.previous.keys[file.path] === file.key;
    if (file.key) this.keys[file.path] = file.key;
    // The linker's thread makes the folders it was given before it links into them.
    if (reusable && this.linker && this.folders.of(full, true) === undefined) return this.linkOnThread(file, full);
    await this.folders.of(full);
    if (reusable && this.linkHere(file, full)) return;
    const twin = file.sameAs === undefined ? undefined : this.made.get(file.sameAs);
    if (this.pending.size >= CONCURRENCY) await Promise.race(this.pending);
    this.start(file, full, twin);
  }

  /** The previous build's copy of `file` linked in this thread, if it is still as it was written. */
  private linkHere(file: OutputFile, full: string): boolean {
    if (!linkUnchanged(path.join(this.outDir, file.path), full, this.previous.written[file.path])) return false;
    this.written[file.path] = this.previous.written[file.path];
    this.reused++;
    return true;
  }

  /** The previous build's copy of `file` linked by the linker's thread; produced here if the thread could not. */
  private linkOnThread(file: OutputFile, full: string): void {
    const written = this.previous.written[file.path];
    this.linker!.link(path.join(this.outDir, file.path), full, written, (linked) => {
      if (this.closed) return;
      if (!linked) return this.start(file, full, undefined, this.folders.of(full));
      this.written[file.path] = written;
      this.reused++;
    });
  }

  /** Produce `file` (once its folder, `dir`, is made), its failure kept for `commit`. */
  private start(file: OutputFile, full: string, twin: Promise<boolean> | undefined, dir?: Promise<void>): void {
    const p: Promise<boolean> = (dir ? dir.then(() => this.produce(file, full, twin)) : this.produce(file, full, twin))
      .catch((err) => {
        this.failure ??= err;
        return false;
      })
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
    this.made.set(file.path, p);
  }

  /** Write `file`'s bytes, or link it to its twin once that is written whole. */
  private async produce(file: OutputFile, full: string, twin: Promise<boolean> | undefined): Promise<boolean> {
    if (twin && (await twin) && this.linkTwin(file, full)) return true;
    const contents = typeof file.contents === 'function' ? file.contents() : file.contents;
    if (contents.length <= SYNC_LENGTH) writeFileSync(full, contents);
    else await writeFile(full, contents);
    // What the next build checks, from the file system: measuring a page's UTF-8 bytes
    // before writing it would read all of it once more.
    this.written[file.path] = writtenState(statSync(full));
    return true;
  }

  /** Hard-link `file` to its twin of this build (written, so whole): the same bytes, stored once. */
  private linkTwin(file: OutputFile, full: string): boolean {
    const twin = this.pathOf(file.sameAs!);
    try {
      linkSync(twin, full);
    } catch {
      return false;
    }
    this.written[file.path] = writtenState(statSync(twin));
    return true;
  }

  /** Every file of the output as it was written or linked (its size and modification time), by path: once committed, the folder as it is. */
  get files(): Readonly<Record<string, string>> {
    return this.written;
  }

  async writeAll(files: Iterable<OutputFile>): Promise<void> {
    let slice = performance.now();
    for (const f of files) {
      await this.write(f);
      if (performance.now() - slice < SLICE_MS) continue;
      await nextTurn();
      slice = performance.now();
    }
  }

  /**
   * Make the folders of files to come (see folders.ts): `build` does it while the Markdown
   * renders (or, warm, while the cache is read), so the write stages only write files.
   */
  makeDirs(paths: Iterable<string>): void {
    this.folders.makeAhead([...paths].map((p) => this.pathOf(p)));
  }

  /** Wait for every write, then swap the new output in place of the old one. */
  async commit(): Promise<void> {
    await this.linker?.drain();
    await Promise.all(this.pending);
    await this.linker?.close();
    if (this.failure) throw this.failure;
    const old = path.join(path.dirname(this.outDir), oldName(this.outDir, process.pid, Date.now()));
    const hadOld = existsSync(this.outDir);
    if (hadOld) renameSync(this.outDir, old);
    renameSync(this.tmp, this.outDir);
    if (hadOld) removeInBackground([old]);
    if (this.manifestFile) {
      mkdirSync(path.dirname(this.manifestFile), { recursive: true });
      // Only files with a key can be linked by the next build.
      const written = Object.fromEntries(Object.keys(this.keys).map((p) => [p, this.written[p]]));
      const manifest: Manifest = { inode: statSync(this.outDir).ino, keys: this.keys, written };
      // Renamed into place: a build killed while writing it leaves the previous manifest whole.
      const tmp = `${this.manifestFile}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(manifest));
      renameSync(tmp, this.manifestFile);
    }
  }

  /** Drop the temporary folder; the previous output stays as it was. */
  async abort(): Promise<void> {
    this.closed = true;
    this.folders.close();
    await this.linker?.close();
    await Promise.allSettled(this.pending);
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

const NO_MANIFEST = { keys: {}, written: {} };

function readManifest(outDir: string, file?: string): Pick<Manifest, 'keys' | 'written'> {
  if (!file || !existsSync(outDir)) return NO_MANIFEST;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    // Only trust it for the very folder it describes (not one deleted and rebuilt by hand).
    return manifest.inode === statSync(outDir).ino && manifest.written ? manifest : NO_MANIFEST;
  } catch {
    return NO_MANIFEST;
  }
}

/** Write a whole set of files atomically (tests and small tools). */
export async function writeOutput(outDir: string, files: Iterable<OutputFile>): Promise<void> {
  const writer = new OutputWriter(outDir);
  try {
    await writer.writeAll(files);
    await writer.commit();
  } catch (err) {
    await writer.abort();
    throw err;
  }
}
