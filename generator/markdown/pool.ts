import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MarkdownError } from '../errors.ts';
import type { Rendered } from '../model.ts';
import type { RenderJob } from './render.ts';

/** Set by the CLI bundle, where the worker is a sibling file; from sources, render in-thread. */
declare const __DOCGEN_BUNDLED__: boolean | undefined;
const CAN_USE_WORKERS = typeof __DOCGEN_BUNDLED__ !== 'undefined';

/**
 * Below this many docs to render, starting workers (each loads unified and shiki, ~0.4 s)
 * costs more than it saves; measured with `npm run bench` on the synthetic corpora.
 */
export const PARALLEL_THRESHOLD = 60;

type Result = { ok: true; value: Rendered } | { ok: false; error: { message: string; location?: MarkdownError['location']; hint?: string } };

function unwrap(results: Result[]): Rendered[] {
  return results.map((r) => {
    if (r.ok) return r.value;
    throw new MarkdownError(r.error.message, r.error.location, r.error.hint);
  });
}

async function inWorker(jobs: RenderJob[]): Promise<Rendered[]> {
  const worker = new Worker(new URL('./worker.js', import.meta.url));
  try {
    const results = await new Promise<Result[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage(jobs);
    });
    return unwrap(results);
  } finally {
    await worker.terminate();
  }
}

/** Worker threads to use: DOCGEN_WORKERS overrides the core count (0 or 1: render in-thread). */
export function workerCount(jobs: number): number {
  const wanted = process.env.DOCGEN_WORKERS !== undefined ? Number(process.env.DOCGEN_WORKERS) : availableParallelism();
  if (!CAN_USE_WORKERS || wanted < 2 || jobs < PARALLEL_THRESHOLD) return 0;
  return Math.min(wanted, Math.ceil(jobs / 20));
}

/** Render jobs on worker threads across the cores when there are enough of them to gain. */
export async function renderAll(jobs: RenderJob[], threads = workerCount(jobs.length)): Promise<Rendered[]> {
  if (jobs.length === 0) return [];
  if (threads < 2) {
    // Loaded lazily: a warm build never pays for unified and shiki.
    const { renderMarkdown } = await import('./render.ts');
    const out: Rendered[] = [];
    for (const job of jobs) out.push(await renderMarkdown(job));
    return out;
  }
  // Interleave so each worker gets a similar mix of long and short docs.
  const batches: RenderJob[][] = Array.from({ length: threads }, () => []);
  jobs.forEach((job, i) => batches[i % threads].push(job));
  const results = await Promise.all(batches.map(inWorker));
  const byId = new Map(results.flat().map((r) => [r.docId, r]));
  return jobs.map((j) => byId.get(j.docId)!);
}
