import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../model.ts';

/**
 * The output stage: write every file into a temporary folder beside the target, then swap it
 * in. A build that fails before this point never touches the previous output.
 */
export function writeOutput(outDir: string, files: OutputFile[]): void {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const tmp = path.join(parent, `.${base}-tmp-${process.pid}`);
  const old = path.join(parent, `.${base}-old-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  const dirs = new Set<string>();
  for (const f of files) dirs.add(path.dirname(path.join(tmp, f.path)));
  for (const d of [...dirs].sort()) mkdirSync(d, { recursive: true });
  for (const f of files) writeFileSync(path.join(tmp, f.path), f.contents);
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(tmp, outDir);
  rmSync(old, { recursive: true, force: true });
}
