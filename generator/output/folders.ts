import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Linker } from './linker.ts';

/** Folders the linker's thread is making: settled once each is made or has its failure. */
interface Making {
  making: Promise<void>;
}

/**
 * The folders of an output being written (under `root`): made ahead of the files, parents first,
 * one call each, here or on the linker's thread. A recursive call per folder would try its every
 * ancestor again, and calls made side by side in the thread pool contend for the same parent
 * folders: several times the system time on a large site. A folder that cannot be made fails
 * the write that needs it, with its own error or its first missing ancestor's.
 */
export class Folders {
  /** Made (true), the failure to make one, or being made on the linker's thread. */
  private readonly dirs = new Map<string, true | Promise<never> | Making>();
  private closed = false;

  constructor(
    private readonly root: string,
    private readonly linker?: Linker,
  ) {}

  /**
   * The folder of `file` (a path under the root) made now, unless it is made; one being made on
   * the linker's thread: once it is, or with `queued`, nothing (the thread's later work comes
   * after it). One that could not be made: its failure.
   */
  of(file: string, queued = false): Promise<void> | undefined {
    const dir = path.dirname(file);
    const known = this.dirs.get(dir);
    if (known === undefined) {
      mkdirSync(dir, { recursive: true });
      this.dirs.set(dir, true);
      return undefined;
    }
    if (known === true) return undefined;
    if (known instanceof Promise) return known;
    return queued ? undefined : known.making.then(() => this.of(file));
  }

  /** Make the folders of `files` (paths under the root) ahead of them. */
  makeAhead(files: Iterable<string>): void {
    const wanted = new Set<string>();
    for (const f of files) {
      for (let dir = path.dirname(f); dir !== this.root && !this.dirs.has(dir) && !wanted.has(dir); dir = path.dirname(dir)) wanted.add(dir);
    }
    // A folder's path sorts after its parent's, which is a prefix of it.
    const sorted = [...wanted].sort();
    if (this.linker) return this.makeOnThread(sorted);
    for (const dir of sorted) this.dirs.set(dir, this.makeChild(dir));
  }

  /** No folder is made here any more (the output is being dropped). */
  close(): void {
    this.closed = true;
  }

  /** `sorted` made by the linker's thread; those it could not make are made here (and fail here). */
  private makeOnThread(sorted: string[]): void {
    const making = this.linker!.makeDirs(sorted).then((failed) => {
      for (const dir of sorted) this.dirs.set(dir, true);
      if (!this.closed) for (const dir of failed) this.dirs.set(dir, this.makeChild(dir));
    });
    for (const dir of sorted) this.dirs.set(dir, { making });
  }

  /** A folder whose parent was made or failed: made now, or its parent's failure. */
  private makeChild(dir: string): true | Promise<never> {
    const parent = this.dirs.get(path.dirname(dir));
    return parent instanceof Promise ? parent : makeDir(dir);
  }
}

/** One folder whose parent exists: true, or the failure the write that needs it throws. */
function makeDir(dir: string): true | Promise<never> {
  try {
    mkdirSync(dir);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST' && statSync(dir).isDirectory()) return true;
    const failed = Promise.reject(err);
    // Thrown by the write that needs the folder; none is left unhandled.
    failed.catch(() => undefined);
    return failed;
  }
}
