import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startPool, type WorkerPool } from './pool.ts';
import { markdownCacheDir } from '../cache-paths.ts';

/**
 * Start the Markdown workers before anything else loads when a cold build of a large site is
 * coming (no cache, many docs): they then load unified and shiki while the main thread loads
 * its own modules and reads the site. Counting the Markdown files is enough to know.
 */
export function startEarlyPool(root: string, cache: boolean): WorkerPool | undefined {
  const cacheDir = markdownCacheDir(root);
  if (cache && existsSync(cacheDir) && readdirSync(cacheDir).length > 0) return undefined;
  const docs = path.join(root, 'content', 'docs');
  if (!existsSync(docs)) return undefined;
  return startPool((readdirSync(docs, { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).length);
}
