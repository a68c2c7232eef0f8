import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MarkdownError } from '../errors.ts';
import type { MarkdownOutput } from '../model.ts';
import type { Draft, RenderJob } from './render.ts';

/** Set by the CLI bundle, where the worker is a sibling file; from sources, render in-thread. */
declare const __DOCGEN_BUNDLED__: boolean | undefined;
const CAN_USE_WORKERS = typeof __DOCGEN_BUNDLED__ !== 'undefined';

/**
 * Below this many docs to render, starting workers (each loads unified or shiki and warms it
 * up, ~1–2 s here) costs more than it saves; measured with `npm run bench`.
 */
export const PARALLEL_THRESHOLD = 60;

type Reply =
  | { type: 'draft'; value: Draft }
  | { type: 'highlighted'; docId: string; html: string[] }
  | { type: 'done' }
  | { type: 'error'; error: { message: string; location?: MarkdownError['location']; hint?: string } };

/**
 * Worker threads to use: one per core from PARALLEL_THRESHOLD docs up. DOCGEN_WORKERS=N forces
 * N threads whatever the count (0 or 1: render in the main thread), for measuring.
 */
export function workerCount(jobs: number): number {
  if (!CAN_USE_WORKERS) return 0;
  const forced = process.env.DOCGEN_WORKERS;
  if (forced !== undefined) return Number(forced) >= 2 ? Number(forced) : 0;
  const cores = availableParallelism();
  return cores >= 2 && jobs >= PARALLEL_THRESHOLD ? cores : 0;
}

function spawn(onReply: (reply: Reply) => void, onError: (err: unknown) => void): Worker {
  const worker = new Worker(new URL('./worker.js', import.meta.url));
  worker.on('message', onReply);
  worker.on('error', onError);
  return worker;
}

/**
 * Render jobs; each finished doc goes to `onResult` as soon as it is ready.
 *
 * With threads, one worker highlights every code block while the others parse Markdown:
 * shiki's warm-up is paid once instead of once per thread, and the two halves of the work run
 * side by side (`threads` ≥ 2: 1 highlighter + threads − 1 parsers).
 */
export async function renderAll(jobs: RenderJob[], onResult: (output: MarkdownOutput) => void, threads = workerCount(jobs.length)): Promise<void> {
  if (jobs.length === 0) return;
  const { renderMarkdown, spliceCode } = await import('./render.ts');
  if (threads < 2) {
    for (const job of jobs) onResult(await renderMarkdown(job));
    return;
  }
  const workers: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const waiting = new Map<string, Draft>();
      let finished = 0;
      const complete = (output: MarkdownOutput) => {
        onResult(output);
        if (++finished === jobs.length) resolve();
      };
      const fail = (err: unknown) => reject(err);
      const onReply = (reply: Reply) => {
        if (reply.type === 'error') fail(new MarkdownError(reply.error.message, reply.error.location, reply.error.hint));
        else if (reply.type === 'draft') {
          if (reply.value.codeBlocks.length === 0) complete(spliceCode(reply.value, []));
          else {
            waiting.set(reply.value.docId, reply.value);
            highlighter.postMessage({ type: 'highlight', docId: reply.value.docId, blocks: reply.value.codeBlocks });
          }
        } else if (reply.type === 'highlighted') {
          const draft = waiting.get(reply.docId)!;
          waiting.delete(reply.docId);
          complete(spliceCode(draft, reply.html));
        }
      };
      const highlighter = spawn(onReply, fail);
      workers.push(highlighter);
      const parsers = threads - 1;
      // Interleave so each parser gets a similar mix of long and short docs.
      for (let p = 0; p < parsers; p++) {
        const worker = spawn(onReply, fail);
        workers.push(worker);
        worker.postMessage({ type: 'parse', jobs: jobs.filter((_, i) => i % parsers === p) });
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
