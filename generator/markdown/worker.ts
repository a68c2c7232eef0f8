import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { DocgenError } from '../errors.ts';
import type { CodeBlock } from './highlight.ts';
import type { RenderJob } from './job.ts';

/**
 * A worker is a parser (Markdown → drafts) or the highlighter (code blocks → HTML), chosen when
 * it starts. Parsers send their code blocks straight to the highlighter over a channel of their
 * own, so the pipeline between them never waits on the main thread.
 */
export type WorkerRole = 'parser' | 'highlighter';

export type WorkerRequest =
  | { type: 'connect'; highlighter: MessagePort }
  | { type: 'parse'; job: RenderJob }
  | { type: 'highlight-from'; port: MessagePort };

function failure(err: unknown) {
  const e = err as DocgenError;
  return { type: 'error' as const, error: { message: e.message, location: e.location, hint: e.hint } };
}

const { role, warm = [] } = workerData as { role: WorkerRole; warm?: string[] };

/**
 * Each role loads only its own toolchain, as the thread starts (before the first jobs arrive);
 * the highlighter also makes its highlighter then (and uses the grammars of `warm` once), while
 * the parsers produce the first blocks.
 */
const parsing = role === 'parser' ? import('./render.ts') : undefined;
const highlighting = role === 'highlighter' ? import('./highlight.ts').then(async (m) => (await m.getHighlighter(), await m.warmUp(warm), m)) : undefined;

/** A parser's channel to the highlighter, and its jobs one after the other in arrival order. */
let highlighter: MessagePort | undefined;
let parsed = Promise.resolve();

function parse(job: RenderJob): void {
  parsed = parsed.then(async () => {
    const { renderDraft } = await parsing!;
    try {
      const draft = await renderDraft(job);
      if (draft.codeBlocks.length) highlighter!.postMessage({ docId: draft.docId, blocks: draft.codeBlocks });
      parentPort?.postMessage({ type: 'draft', value: { ...draft, codeBlocks: [] }, blocks: draft.codeBlocks.length });
    } catch (err) {
      parentPort?.postMessage(failure(err));
    }
  });
}

function serve(port: MessagePort): void {
  // One block list at a time, in arrival order: each awaits its grammar the first time.
  let queue = Promise.resolve();
  port.on('message', (msg: { docId: string; blocks: CodeBlock[] }) => {
    queue = queue.then(async () => {
      try {
        const { highlightBlocks } = await highlighting!;
        const html = await highlightBlocks(msg.blocks);
        parentPort?.postMessage({ type: 'highlighted', docId: msg.docId, html });
      } catch (err) {
        parentPort?.postMessage(failure(err));
      }
    });
  });
}

parentPort?.on('message', (req: WorkerRequest) => {
  if (req.type === 'parse') parse(req.job);
  else if (req.type === 'connect') highlighter = req.highlighter;
  else serve(req.port);
});
