import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * What the OpenAPI stages keep between builds, in the site's cache (openapi/): parsing a large
 * description, compiling the OpenAPI schema and compiling each operation's schemas for the
 * example check each cost from a few hundred milliseconds to a second, and an unchanged input
 * gives the same result. Each file is written under a temporary name and renamed into place.
 */

export const hashText = (...parts: string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 32);
};

/** A JSON file of the cache, or undefined when it is missing or unreadable (a cache is never an error). */
export function readCached<T>(dir: string | undefined, name: string): T | undefined {
  if (!dir) return undefined;
  try {
    return JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export function writeCached(dir: string | undefined, name: string, value: unknown): void {
  if (!dir) return;
  try {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, name);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, file);
  } catch {
    // A cache that cannot be written costs the next build time, nothing else.
  }
}
