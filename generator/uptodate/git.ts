import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { inputState } from './walk.ts';

/** The git folder of the checkout holding `root` (a worktree's `.git` file followed), if any. */
function gitDir(root: string): string | undefined {
  for (let d = root; ; d = path.dirname(d)) {
    const dotGit = path.join(d, '.git');
    if (existsSync(dotGit)) {
      if (statSync(dotGit).isDirectory()) return dotGit;
      const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1];
      return pointer === undefined ? undefined : path.resolve(d, pointer.trim());
    }
    if (d === path.dirname(d)) return undefined;
  }
}

function fileState(file: string): string {
  try {
    return inputState(statSync(file));
  } catch {
    return '-';
  }
}

/**
 * What the history stage's `git log` sees, without running git: the commit checked out (HEAD and
 * the branch it names, loose or packed) and whether the clone is shallow. A commit, a checkout
 * or a fetch that deepens the clone changes one of them.
 */
export function gitState(root: string): string {
  const dir = gitDir(root);
  if (!dir) return 'none';
  let head: string;
  try {
    head = readFileSync(path.join(dir, 'HEAD'), 'utf8').trim();
  } catch {
    return 'unreadable';
  }
  // A worktree keeps its HEAD, and the repository's refs live in the common folder.
  const common = existsSync(path.join(dir, 'commondir')) ? path.resolve(dir, readFileSync(path.join(dir, 'commondir'), 'utf8').trim()) : dir;
  const ref = /^ref:\s*(.+)$/.exec(head)?.[1];
  const files = [ref && path.join(common, ref), path.join(common, 'packed-refs'), path.join(common, 'shallow'), path.join(dir, 'shallow')];
  return [head, ...files.map((f) => (f ? fileState(f) : ''))].join('|');
}
