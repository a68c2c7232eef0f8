import { parentPort } from 'node:worker_threads';
import type { DocgenError } from '../errors.ts';
import { renderMarkdown, type RenderJob } from './render.ts';

/**
 * Renders the jobs the pool sends and posts each result as soon as it is ready, so neither
 * thread ever holds a whole batch of HTML.
 */
parentPort?.on('message', async (jobs: RenderJob[]) => {
  for (const job of jobs) {
    try {
      parentPort?.postMessage({ ok: true, value: await renderMarkdown(job) });
    } catch (err) {
      const e = err as DocgenError;
      parentPort?.postMessage({ ok: false, error: { message: e.message, location: e.location, hint: e.hint } });
    }
  }
  parentPort?.postMessage({ done: true });
});
