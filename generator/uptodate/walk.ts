import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { leftoverName } from '../output/leftovers.ts';
import { writtenState } from '../output/unchanged.ts';

/**
 * A folder tree as the file system describes it: each file and folder by its path from the
 * tree's top ('/'-separated; folders end in '/'), with what its metadata says of its bytes.
 */
export interface Tree {
  entries: Map<string, string>;
  /** Symbolic links to folders (or in an output): what they hold is not watched, so the tree is not either. */
  links: number;
}

/**
 * An input file's state: size, modification and change times, inode. The change time is set
 * by the kernel on any write, so a file whose modification time was put back (`touch -d`, an
 * archive's extraction over it) still shows as changed.
 */
export const inputState = (s: Stats) => `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;


/**
 * A symbolic link to a file by where it leads and the state of what is there (none when it
 * leads nowhere); undefined for one to a folder, whose files are not walked.
 */
function linkState(full: string, state: (s: Stats) => string): string | undefined {
  const target = readlinkSync(full);
  const stats = statSync(full, { throwIfNoEntry: false });
  if (stats?.isDirectory()) return undefined;
  return `-> ${target} ${stats ? state(stats) : '-'}`;
}

/** Walks `top`, leaving out what `skip` names (its path from `top`, without the trailing '/'); with `folders`, folders are entries too. */
function walk(top: string, state: (s: Stats) => string, skip: (rel: string, name: string) => boolean, folders = true): Tree {
  const tree: Tree = { entries: new Map(), links: 0 };
  const visit = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const childRel = rel + entry.name;
      if (skip(childRel, entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        const link = linkState(full, state);
        if (link === undefined) tree.links++;
        else tree.entries.set(childRel, link);
      } else if (entry.isDirectory()) {
        if (folders) tree.entries.set(`${childRel}/`, '');
        visit(full, `${childRel}/`);
      } else {
        tree.entries.set(childRel, state(statSync(full)));
      }
    }
  };
  visit(top, '');
  return tree;
}

/** What a build may read of the project: every file but its dependencies, git's store, the output and `also` (a report). */
export function walkInputs(root: string, outDir: string, also: string[] = []): Tree {
  const excluded = new Set([outDir, ...also].map((p) => path.relative(root, p).split(path.sep).join('/')));
  const outParent = path.relative(root, path.dirname(outDir)).split(path.sep).join('/');
  const leftover = leftoverName(outDir);
  return walk(root, inputState, (rel, name) => {
    if (name === 'node_modules' || name === '.git' || excluded.has(rel)) return true;
    // A build's temporary folder beside the output (output/leftovers.ts), there or not as builds come and go.
    const parent = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
    return parent === outParent && leftover.test(name);
  });
}

/**
 * The output folder's files (an empty folder changes nothing served), each by its size and
 * modification time as the output stage records what it wrote or linked (`writtenState`). Not
 * its change time: the previous output's folder, deleted in the background after the swap,
 * shares files with the new one.
 */
export function walkOutput(outDir: string): Tree {
  return walk(outDir, writtenState, () => false, false);
}

/** The tree the output stage reports having written (`files`: each file's `writtenState`). */
export function writtenTree(files: Readonly<Record<string, string>>): Tree {
  return { entries: new Map(Object.entries(files)), links: 0 };
}

/** A file's bytes, hashed. */
export function hashFile(file: string): string {
  return createHash('sha1').update(readFileSync(file)).digest('base64');
}

/**
 * How long before `now` a file's change must lie for a later change to show in its change time:
 * a tick of the file system's clock. Whole-second times are read as a coarse clock (FAT keeps
 * two seconds); finer ones have the kernel's (a few milliseconds), with a margin.
 */
const tickMs = (ctimeMs: number) => (ctimeMs % 1000 === 0 ? 2000 : 50);

/**
 * The input files whose last change lies within a tick of `now` (ms, as Date.now() gives): a
 * change in the same tick would leave their file times as they are, so only their bytes can
 * vouch for them.
 */
export function changedWithinTick(tree: Tree, now: number): string[] {
  const recent: string[] = [];
  for (const [rel, state] of tree.entries) {
    if (rel.endsWith('/')) continue;
    const ctimeMs = Number(state.slice(state.lastIndexOf(' ') + 1).split(':')[2]);
    if (ctimeMs >= now - tickMs(ctimeMs)) recent.push(rel);
  }
  return recent;
}
