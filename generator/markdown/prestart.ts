import { opendirSync, type Dir } from 'node:fs';
import path from 'node:path';
import { PARALLEL_THRESHOLD, startPool, type WorkerPool } from './pool.ts';
import { countDocs } from '../content/listing.ts';
import { markdownCacheDir } from '../cache-paths.ts';
import { startService } from '../esbuild/index.ts';
import { compileRegistry, readRegistry } from '../components/registry.ts';
import { componentRenderer } from '../components/splice.ts';

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
  const pool = startPool(countDocs(path.join(root, 'content', 'docs'), PARALLEL_THRESHOLD));
  startService();
  if (pool) loadComponents(root);
  return pool;
}

/**
 * The site's components compiled and loaded now, in the gaps of the main thread's other work.
 * The docs that use one go to the workers once they are (see withComponentModule); loaded when
 * the Markdown stage asks, on a busy main thread, they kept half a site's docs waiting for
 * seconds while the workers ran out of others. A failure here is the Markdown stage's to report.
 */
function loadComponents(root: string): void {
  const registry = readRegistry(root);
  if (registry) compileRegistry(root, registry).then(componentRenderer).catch(() => undefined);
}
