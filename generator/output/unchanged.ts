import { linkSync, statSync, type Stats } from 'node:fs';

/** A written file's size and modification time, which the next build checks before linking it. */
export const writtenState = (s: Stats) => `${s.size}:${s.mtimeMs}`;

/**
 * Hard-link `to` to the previous build's `from` if `from` is still as it was `written` (a file
 * cut short or edited by hand since is produced again); whether it was linked. The same check on
 * the main thread and on the linker's (link-thread.ts).
 */
export function linkUnchanged(from: string, to: string, written: string): boolean {
  try {
    if (writtenState(statSync(from)) !== written) return false;
    linkSync(from, to);
    return true;
  } catch {
    // Gone or not linkable: produced again.
    return false;
  }
}
