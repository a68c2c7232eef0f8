import { parentPort, type MessagePort } from 'node:worker_threads';
import type { DocgenError } from '../errors.ts';
import { highlightBlock, type CodeBlock } from './highlight.ts';
import { renderDraft, type RenderJob } from './render.ts';

/**
 * A worker is a parser (Markdown → drafts) or the highlighter (code blocks → HTML). Parsers send
 * their code blocks straight to the highlighter over a channel of their own, so the pipeline
 * between them never waits on the main thread.
 */
export type WorkerRequest =
  | { type: 'parse'; jobs: RenderJob[]; highlighter: MessagePort }
  | { type: 'highlight-from'; port: MessagePort };

function failure(err: unknown) {
  const e = err as DocgenError;
  return { type: 'error' as const, error: { message: e.message, location: e.location, hint: e.hint } };
}

async function parse(jobs: RenderJob[], highlighter: MessagePort): Promise<void> {
  for (const job of jobs) {
    try {
      const draft = await renderDraft(job);
      if (draft.codeBlocks.length) highlighter.postMessage({ docId: draft.docId, blocks: draft.codeBlocks });
      parentPort?.postMessage({ type: 'draft', value: { ...draft, codeBlocks: [] }, blocks: draft.codeBlocks.length });
    } catch (err) {
      parentPort?.postMessage(failure(err));
    }
  }
}

function serve(port: MessagePort): void {
  // One block list at a time, in arrival order: each awaits its grammar the first time.
  let queue = Promise.resolve();
  port.on('message', (msg: { docId: string; blocks: CodeBlock[] }) => {
    queue = queue.then(async () => {
      try {
        const html: string[] = [];
        for (const block of msg.blocks) html.push(await highlightBlock(block));
        parentPort?.postMessage({ type: 'highlighted', docId: msg.docId, html });
      } catch (err) {
        parentPort?.postMessage(failure(err));
      }
    });
  });
}

parentPort?.on('message', (req: WorkerRequest) => {
  if (req.type === 'parse') void parse(req.jobs, req.highlighter);
  else serve(req.port);
});
