import { readdirSync } from 'node:fs';
import path from 'node:path';

// Listing content/docs: the walk that reads it, the count that sizes a site before, paths below it.

/**
 * How many Markdown files lie under `dir`, counted up to `cap` (a start deciding whether a site
 * is large only needs to know whether it reaches a size). A recursive `readdirSync` of a
 * 10,000-doc folder costs about three times the walk that reads it; this one stops at `cap`.
 */
export function countDocs(dir: string, cap: number): number {
  let count = 0;
  const folders = [dir];
  while (folders.length > 0 && count < cap) {
    const folder = folders.pop()!;
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) folders.push(path.join(folder, entry.name));
      else if (entry.name.endsWith('.md')) count++;
    }
  }
  return Math.min(count, cap);
}

/** The files under `dir`, sorted by name folder by folder; those that are symbolic links are added to `links`. */
export function walk(dir: string, out: string[] = [], links?: Set<string>): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out, links);
    else {
      out.push(full);
      if (entry.isSymbolicLink()) links?.add(full);
    }
  }
  return out;
}

/**
 * `path.relative(dir, file)` for a file the walk found under `dir`: a cut instead of two
 * resolves, which cost more than the rest of a parsed doc's reading.
 */
export function below(dir: string, file: string): string {
  return file.startsWith(dir) && file[dir.length] === path.sep ? file.slice(dir.length + 1) : path.relative(dir, file);
}
