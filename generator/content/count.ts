import { readdirSync } from 'node:fs';
import path from 'node:path';

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
