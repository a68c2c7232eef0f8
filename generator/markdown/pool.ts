import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MarkdownError } from '../errors.ts';
import type { MarkdownOutput } from '../model.ts';
import type { RenderJob } from './render.ts';

/** Set by the CLI bundle, where the worker is a sibling file; from sources, render in-thread. */
declare const __DOCGEN_BUNDLED__: boolean | undefined;
const CAN_USE_WORKERS = typeof __DOCGEN_BUNDLED__ !== 'undefined';

/**
 * Below this many docs to render, starting workers (each loads unified and shiki and warms
 * up its grammars, ~1 s here) costs more than it saves; measured with `npm run bench`.
 */
export const PARALLEL_THRESHOLD = 60;

type Message =
  | { ok: true; value: MarkdownOutput }
  | { ok: false; error: { message: string; location?: MarkdownError['location']; hint?: string } }
  | { done: true };

/** Worker threads to use: DOCGEN_WORKERS overrides the core count (0 or 1: render in-thread). */
export function workerCount(jobs: number): number {
  const wanted = process.env.DOCGEN_WORKERS !== undefined ? Number(process.env.DOCGEN_WORKERS) : availableParallelism();
  if (!CAN_USE_WORKERS || wanted < 2 || jobs < PARALLEL_THRESHOLD) return 0;
  return Math.min(wanted, Math.ceil(jobs / 20));
}

function inWorker(jobs: RenderJob[], onResult: (output: MarkdownOutput) => void): Promise<void> {
  const worker = new Worker(new URL('./worker.js', import.meta.url));
  return new Promise<void>((resolve, reject) => {
    worker.on('message', (msg: Message) => {
      if ('done' in msg) resolve();
      else if (msg.ok) onResult(msg.value);
      else reject(new MarkdownError(msg.error.message, msg.error.location, msg.error.hint));
    });
    worker.once('error', reject);
    worker.postMessage(jobs);
  }).finally(() => worker.terminate());
}

/**
 * Render jobs, on worker threads across the cores when there are enough of them to gain;
 * each result is handed to `onResult` as soon as it is ready.
 */
export async function renderAll(jobs: RenderJob[], onResult: (output: MarkdownOutput) => void, threads = workerCount(jobs.length)): Promise<void> {
  if (jobs.length === 0) return;
  if (threads < 2) {
    // Loaded lazily: a warm build never pays for unified and shiki.
    const { renderMarkdown } = await import('./render.ts');
    for (const job of jobs) onResult(await renderMarkdown(job));
    return;
  }
  // Interleave so each worker gets a similar mix of long and short docs.
  const batches: RenderJob[][] = Array.from({ length: threads }, () => []);
  jobs.forEach((job, i) => batches[i % threads].push(job));
  await Promise.all(batches.map((batch) => inWorker(batch, onResult)));
}
