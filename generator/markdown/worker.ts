import { parentPort } from 'node:worker_threads';
import type { DocgenError } from '../errors.ts';
import { highlightBlock, type CodeBlock } from './highlight.ts';
import { renderDraft, type RenderJob } from './render.ts';

export type WorkerRequest = { type: 'parse'; jobs: RenderJob[] } | { type: 'highlight'; docId: string; blocks: CodeBlock[] };

function failure(err: unknown) {
  const e = err as DocgenError;
  return { type: 'error' as const, error: { message: e.message, location: e.location, hint: e.hint } };
}

/**
 * A worker is either a parser (Markdown → drafts, posted one by one as they are ready) or the
 * highlighter (code blocks → HTML); the pool decides by what it sends.
 */
parentPort?.on('message', async (req: WorkerRequest) => {
  if (req.type === 'parse') {
    for (const job of req.jobs) {
      try {
        parentPort?.postMessage({ type: 'draft', value: await renderDraft(job) });
      } catch (err) {
        parentPort?.postMessage(failure(err));
      }
    }
    parentPort?.postMessage({ type: 'done' });
    return;
  }
  try {
    const html: string[] = [];
    for (const block of req.blocks) html.push(await highlightBlock(block));
    parentPort?.postMessage({ type: 'highlighted', docId: req.docId, html });
  } catch (err) {
    parentPort?.postMessage(failure(err));
  }
});
