import type { OutputFile } from '../model.ts';
import { Entry, parseRedirectRules, type RedirectLookup, type SiteSource } from '../serve/http.ts';

/** Rendered files kept in memory at most (least recently served dropped first). */
const BUDGET = 256 * 1024 * 1024;

const sameContents = (a: OutputFile['contents'], b: OutputFile['contents']) =>
  typeof a !== 'function' && typeof b !== 'function' && (typeof a === 'string' && typeof b === 'string' ? a === b : Buffer.from(a).equals(Buffer.from(b)));

export interface MemoryFilesOptions {
  /** Applied to every file when it is produced (the dev server adds its script to pages). */
  transform: (path: string, body: Buffer) => Buffer;
  /** What to serve when producing a file throws (a page the theme cannot render). */
  failed: (path: string, err: unknown) => Entry;
}

/**
 * The files the stages emit, served from memory by path: each is produced (a page rendered) the
 * first time it is asked for, and kept until a new set of files gives it another key or other
 * contents. Whatever a stage emits is served; nothing here knows what the files are.
 */
export class MemoryFiles implements SiteSource {
  private files = new Map<string, OutputFile>();
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Counts the runs of the stages; each path remembers the last run that changed it. */
  private run = 0;
  private readonly changedAt = new Map<string, number>();
  private rules: { from: Entry | undefined; map: RedirectLookup } = { from: undefined, map: new Map() };

  constructor(private readonly options: MemoryFilesOptions) {}

  /**
   * Take the files of a new run of the stages. Returns the paths whose bytes may have changed:
   * new, removed, or with another key (or, for files without one, lazy or other contents).
   */
  replace(stages: Iterable<Iterable<OutputFile>>): string[] {
    const next = new Map<string, OutputFile>();
    for (const files of stages) for (const f of files) next.set(f.path, f);
    const changed: string[] = [];
    this.run++;
    for (const [p, f] of next) {
      const old = this.files.get(p);
      const same = old !== undefined && ((f.key !== undefined && f.key === old.key) || sameContents(f.contents, old.contents));
      if (!same) {
        changed.push(p);
        this.drop(p);
      }
    }
    for (const p of this.files.keys()) {
      if (!next.has(p)) {
        changed.push(p);
        this.drop(p);
      }
    }
    this.files = next;
    for (const p of changed) this.changedAt.set(p, this.run);
    return changed;
  }

  /**
   * Take new versions of some files ahead of the next run of the stages (which must give them
   * the same keys). Returns the paths whose bytes may have changed.
   */
  replaceSome(files: OutputFile[]): string[] {
    this.run++;
    const changed: string[] = [];
    for (const f of files) {
      const old = this.files.get(f.path);
      if (old !== undefined && f.key !== undefined && f.key === old.key) continue;
      this.files.set(f.path, f);
      this.drop(f.path);
      this.changedAt.set(f.path, this.run);
      changed.push(f.path);
    }
    return changed;
  }

  /** The run whose files are served now: a page produced now carries it. */
  get version(): number {
    return this.run;
  }

  /** Whether a file changed after run `version` (a page produced then is out of date). */
  changedSince(path: string, version: number): boolean {
    return (this.changedAt.get(path) ?? 0) > version;
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  /** Whether the file is produced and kept (a page rendered since it last changed). */
  isReady(path: string): boolean {
    return this.entries.has(path);
  }

  paths(): IterableIterator<string> {
    return this.files.keys();
  }

  get size(): number {
    return this.files.size;
  }

  get(path: string): Entry | undefined {
    const known = this.entries.get(path);
    if (known) {
      this.entries.delete(path);
      this.entries.set(path, known);
      return known;
    }
    const file = this.files.get(path);
    if (!file) return undefined;
    let entry: Entry;
    try {
      const contents = typeof file.contents === 'function' ? file.contents() : file.contents;
      entry = new Entry(path, this.options.transform(path, Buffer.from(contents)));
    } catch (err) {
      return this.options.failed(path, err);
    }
    this.entries.set(path, entry);
    this.bytes += entry.body.length;
    for (const [p, e] of this.entries) {
      if (this.bytes <= BUDGET) break;
      this.entries.delete(p);
      this.bytes -= e.body.length;
    }
    return entry;
  }

  /** True while more files can be kept without dropping others. */
  hasRoom(): boolean {
    return this.bytes < BUDGET / 2;
  }

  redirects(): RedirectLookup {
    const file = this.get('_redirects');
    if (file !== this.rules.from) this.rules = { from: file, map: file ? parseRedirectRules(file.body.toString('utf8')) : new Map() };
    return this.rules.map;
  }

  private drop(path: string): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.entries.delete(path);
    this.bytes -= entry.body.length;
  }
}
