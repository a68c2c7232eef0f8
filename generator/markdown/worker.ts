import { parentPort } from 'node:worker_threads';
import type { DocgenError } from '../errors.ts';
import { renderMarkdown, type RenderJob } from './render.ts';

/** Renders batches of jobs sent by the pool; errors travel back as plain data. */
parentPort?.on('message', async (jobs: RenderJob[]) => {
  const results = [];
  for (const job of jobs) {
    try {
      results.push({ ok: true, value: await renderMarkdown(job) });
    } catch (err) {
      const e = err as DocgenError;
      results.push({ ok: false, error: { message: e.message, location: e.location, hint: e.hint } });
    }
  }
  parentPort?.postMessage(results);
});
