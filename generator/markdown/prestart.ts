import { opendirSync, existsSync, readdirSync, type Dir } from 'node:fs';
import path from 'node:path';
import { startPool, type WorkerPool } from './pool.ts';
import { markdownCacheDir } from '../cache-paths.ts';
import { startService } from '../esbuild/index.ts';

/** Whether a cold build is coming: the cache is off, or its Markdown folder is empty. */
function coldBuildLikely(root: string, cache: boolean): boolean {
  if (!cache) return true;
  let dir: Dir | undefined;
  try {
    // One entry is enough: a large site's cache holds two files per doc.
    dir = opendirSync(markdownCacheDir(root));
    return dir.readSync() === null;
  } catch {
    return true;
  } finally {
    dir?.closeSync();
  }
}

/**
 * Start what a cold build waits for before anything else loads: esbuild's service (the config
 * is compiled as soon as it is read, instead of after the service process has started) and, for
 * a large site, the Markdown workers (they then load unified and shiki while the main thread
 * loads its own modules and reads the site). Counting the Markdown files is enough to know.
 */
export function startEarly(root: string, cache: boolean): WorkerPool | undefined {
  if (!coldBuildLikely(root, cache)) return undefined;
  const docs = path.join(root, 'content', 'docs');
  const pool = existsSync(docs) ? startPool((readdirSync(docs, { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).length) : undefined;
  startService();
  return pool;
}
