/**
 * Reading one `git log` of the whole content for every file's last change: one process for the
 * site, not one per file (a process per doc costs seconds on a large site).
 */

/** When a source file last changed in the history, and who changed it. */
export interface LastChange {
  /** Commit time, in seconds since the epoch. */
  time: number;
  /** The commit's author name. */
  author: string;
}

/** Field and record separators git writes in our format: characters no name or path holds. */
const RECORD = '\x1e';
const FIELD = '\x1f';

/**
 * `git log` arguments: every commit touching `paths`, newest first, each with its commit time,
 * whether it is a shallow clone's oldest fetched commit (`%D` with every ref left out shows only
 * git's own `grafted`), and its author, then the files it changed, NUL-terminated (`-z`: any file
 * name reads back as it is) and relative to the working folder (`--relative`: the site may be a
 * folder of a larger repository). Renames count as a change of the new file; merges list nothing
 * (their changes are in the commits merged).
 */
export function gitLogArgs(paths: string[]): string[] {
  return ['-c', 'core.quotepath=off', 'log', '-z', '--no-renames', '--relative', '--decorate-refs=refs/docgen-none/', `--format=${RECORD}%ct${FIELD}%D${FIELD}%an`, '--name-only', '--', ...paths];
}

/** What one `git log` says: each file's last change, and the files last changed by a shallow clone's oldest commit. */
export interface ParsedLog {
  changes: Map<string, LastChange>;
  /** Files whose last change is a shallow clone's oldest commit fetched, which lists every file as new whenever it really changed. */
  fromShallowEnd: Set<string>;
}

/** Reads the output of `git log` with `gitLogArgs`, keeping each file's first (newest) commit. */
export function parseGitLog(text: string): ParsedLog {
  const changes = new Map<string, LastChange>();
  const fromShallowEnd = new Set<string>();
  for (const record of text.split(RECORD)) {
    const end = record.indexOf('\0');
    if (end < 0) continue;
    const [time, decorations = '', author = ''] = record.slice(0, end).split(FIELD);
    const seconds = Number(time);
    if (!Number.isFinite(seconds)) continue;
    for (const name of record.slice(end + 1).replace(/^\n/, '').split('\0')) {
      if (!name || changes.has(name)) continue;
      changes.set(name, { time: seconds, author });
      if (decorations.split(', ').includes('grafted')) fromShallowEnd.add(name);
    }
  }
  return { changes, fromShallowEnd };
}
