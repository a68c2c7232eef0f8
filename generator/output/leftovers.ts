import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/*
 * A build writes into `.<out>-tmp-<pid>` beside its output and moves the output it replaces to
 * `.<out>-old-<pid>-<time>` (see index.ts). A build killed before it ends leaves either behind;
 * the pid in the name tells whether the build that made a folder may still be using it.
 */

export const tmpName = (outDir: string, pid: number) => `.${path.basename(outDir)}-tmp-${pid}`;
export const oldName = (outDir: string, pid: number, time: number) => `.${path.basename(outDir)}-old-${pid}-${time}`;

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, run by another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The names of `outDir`'s temporary folders (either kind); the first group is the pid. */
export function leftoverName(outDir: string): RegExp {
  const base = path.basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${base}-(?:tmp|old)-(\\d+)(?:-\\d+)?$`);
}

/** The temporary folders beside `outDir` left by builds that are no longer running. */
export function leftovers(outDir: string): string[] {
  const name = leftoverName(outDir);
  let entries: string[];
  try {
    entries = readdirSync(path.dirname(outDir));
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const pid = name.exec(e)?.[1];
    return pid !== undefined && !alive(Number(pid)) ? [path.join(path.dirname(outDir), e)] : [];
  });
}

/**
 * A build killed between the two renames of its commit left no output: the previous one is
 * beside it (`old`), next to the new one it was swapping in (`tmp`, same pid). Put the previous
 * one back (the new one was never reported built); an `old` folder without its `tmp` may be
 * half deleted already and is left to be removed.
 */
export function restoreInterrupted(outDir: string): void {
  if (existsSync(outDir)) return;
  const names = leftovers(outDir).map((p) => path.basename(p));
  const old = names.find((n) => {
    const pid = /-old-(\d+)-\d+$/.exec(n)?.[1];
    return pid !== undefined && names.includes(tmpName(outDir, Number(pid)));
  });
  if (old) renameSync(path.join(path.dirname(outDir), old), outDir);
}

/**
 * Deleting thousands of files is left to a detached process so the build does not wait for it
 * (the folders are out of the way already: the output's old copy, or leftovers).
 */
export function removeInBackground(dirs: string[]): void {
  if (dirs.length === 0) return;
  try {
    const script = `for (const d of ${JSON.stringify(dirs)}) require('fs').rmSync(d, { recursive: true, force: true })`;
    spawn(process.execPath, ['-e', script], { detached: true, stdio: 'ignore' }).unref();
  } catch {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
