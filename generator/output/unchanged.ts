import { linkSync, statSync } from 'node:fs';

/**
 * Hard-link `to` to the previous build's `from` if `from` still has the `size` it was written
 * with (a file cut short or edited by hand since is produced again); whether it was linked. The
 * same check on the main thread and on the linker's (link-thread.ts).
 */
export function linkUnchanged(from: string, to: string, size: number): boolean {
  try {
    if (statSync(from).size !== size) return false;
    linkSync(from, to);
    return true;
  } catch {
    // Gone or not linkable: produced again.
    return false;
  }
}
