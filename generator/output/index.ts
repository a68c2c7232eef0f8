import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from '../model.ts';

/** Writes in flight at once: the thread pool overlaps them with rendering the next pages. */
const CONCURRENCY = 32;

/**
 * The output stage: files are written as they are produced into a temporary folder beside the
 * target, which `commit()` swaps in. Until then the previous output is untouched, and memory
 * stays flat however large the site (pages are not all held at once).
 */
export class OutputWriter {
  private readonly tmp: string;
  private readonly dirs = new Set<string>();
  private readonly pending = new Set<Promise<void>>();
  private failure: unknown;

  constructor(private readonly outDir: string) {
    this.tmp = path.join(path.dirname(outDir), `.${path.basename(outDir)}-tmp-${process.pid}`);
    rmSync(this.tmp, { recursive: true, force: true });
    mkdirSync(this.tmp, { recursive: true });
  }

  async write(file: OutputFile): Promise<void> {
    const full = path.join(this.tmp, file.path);
    const dir = path.dirname(full);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    if (this.pending.size >= CONCURRENCY) await Promise.race(this.pending);
    const p: Promise<void> = writeFile(full, file.contents)
      .catch((err) => {
        this.failure ??= err;
      })
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  async writeAll(files: Iterable<OutputFile>): Promise<void> {
    for (const f of files) await this.write(f);
  }

  /** Wait for every write, then swap the new output in place of the old one. */
  async commit(): Promise<void> {
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
    const old = path.join(path.dirname(this.outDir), `.${path.basename(this.outDir)}-old-${process.pid}-${Date.now()}`);
    const hadOld = existsSync(this.outDir);
    if (hadOld) renameSync(this.outDir, old);
    renameSync(this.tmp, this.outDir);
    if (hadOld) removeInBackground(old);
  }

  /** Drop the temporary folder; the previous output stays as it was. */
  async abort(): Promise<void> {
    await Promise.allSettled(this.pending);
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

/**
 * The replaced output is already out of the way (renamed); deleting thousands of files is left
 * to a detached process so the build does not wait for it.
 */
function removeInBackground(dir: string): void {
  try {
    spawn(process.execPath, ['-e', `require('fs').rmSync(${JSON.stringify(dir)}, { recursive: true, force: true })`], { detached: true, stdio: 'ignore' }).unref();
  } catch {
    rmSync(dir, { recursive: true, force: true });
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
