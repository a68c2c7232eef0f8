import v8 from 'node:v8';

/** Docs from which a site's heap grows in small steps. */
export const LARGE_SITE_DOCS = 5000;

/** The V8 flag a site of `docs` docs runs with, if any. */
export function heapFlagFor(docs: number): string | undefined {
  return docs >= LARGE_SITE_DOCS ? '--heap-growing-percent=40' : undefined;
}

/**
 * V8 lets a heap that allocates fast grow to several times what is live before it collects. On
 * a site of thousands of docs that headroom, in the main thread and in each worker, is most of
 * the process's peak memory, so there each step grows the heap by 40% of what is live, for a few
 * more collections. Smaller sites keep V8's default: they fit in memory and build faster with it.
 * The flag is process-wide and read at every collection, so it applies to workers already started.
 */
export function boundHeapGrowth(docs: number): void {
  const flag = heapFlagFor(docs);
  if (flag) v8.setFlagsFromString(flag);
}
