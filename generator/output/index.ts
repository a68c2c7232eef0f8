import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../model.ts';

/**
 * The output stage: files are written as they are produced into a temporary folder beside the
 * target, which is swapped in by `commit()`. Until then the previous output is untouched, and
 * memory stays flat however large the site (pages are not all held at once).
 */
export class OutputWriter {
  private readonly tmp: string;
  private readonly dirs = new Set<string>();
  private count = 0;

  constructor(private readonly outDir: string) {
    this.tmp = path.join(path.dirname(outDir), `.${path.basename(outDir)}-tmp-${process.pid}`);
    rmSync(this.tmp, { recursive: true, force: true });
    mkdirSync(this.tmp, { recursive: true });
  }

  write(file: OutputFile): void {
    const full = path.join(this.tmp, file.path);
    const dir = path.dirname(full);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    writeFileSync(full, file.contents);
    this.count++;
  }

  writeAll(files: Iterable<OutputFile>): void {
    for (const f of files) this.write(f);
  }

  get written(): number {
    return this.count;
  }

  /** Swap the new output in place of the old one. */
  commit(): void {
    const old = path.join(path.dirname(this.outDir), `.${path.basename(this.outDir)}-old-${process.pid}`);
    if (existsSync(this.outDir)) renameSync(this.outDir, old);
    renameSync(this.tmp, this.outDir);
    rmSync(old, { recursive: true, force: true });
  }

  /** Drop the temporary folder; the previous output stays as it was. */
  abort(): void {
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

/** Write a whole set of files atomically (tests and small tools). */
export function writeOutput(outDir: string, files: Iterable<OutputFile>): void {
  const writer = new OutputWriter(outDir);
  try {
    writer.writeAll(files);
    writer.commit();
  } catch (err) {
    writer.abort();
    throw err;
  }
}
