// Folders the bench is done with (a build's output, an emptied cache, a corpus) are moved into one
// trash folder, emptied when the bench exits, instead of being deleted between builds.
//
// ext4 does not hand out an inode it freed in the last minutes while it can find another: it
// scans past each recently freed one (`recently_deleted`, reading the inode table for each). A
// build that follows the deletion of the previous build's thousands of files pays for that scan;
// `perf` put ~10% of a 2,000-page cold build's CPU there, more every round. A cold build on a
// fresh checkout, the case the bench stands for, follows no such deletion.
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let trash;
let count = 0;
process.on('exit', () => emptyTrash());
// A bench stopped by Ctrl+C or a timeout would otherwise leave its trash (gigabytes) behind.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    emptyTrash();
    process.kill(process.pid, signal);
  });
}

/** Move `dir` out of the way (deleted when the process exits); gives where it went, if it existed. */
export function discard(dir) {
  if (!existsSync(dir)) return undefined;
  trash ??= mkdtempSync(path.join(os.tmpdir(), 'docgen-bench-trash-'));
  const to = path.join(trash, String(count++));
  try {
    renameSync(dir, to);
    return to;
  } catch {
    // Another file system (a --corpus elsewhere): deleted now, as before.
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

/** Delete what was discarded. */
export function emptyTrash() {
  if (trash) rmSync(trash, { recursive: true, force: true });
  trash = undefined;
}
