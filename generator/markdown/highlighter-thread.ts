import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { programEntry } from '../esbuild/index.ts';
import type { CodeBlock } from './highlight.ts';
import { workerError, type HighlighterReply } from './pool.ts';

/**
 * A highlighter worker started ahead of the Markdown it will highlight, its grammars for `warm`
 * compiled while this thread does other work. `docgen dev` on a large site with a cold cache
 * renders the first page asked for in the main thread, which would otherwise pay shiki's start
 * and its grammars' first use while the reader waits. It does not keep the process alive.
 */
export class HighlighterThread {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly waiting = new Map<string, { resolve: (html: string[]) => void; reject: (err: Error) => void }>();
  private next = 0;
  private closed = false;
  private idle?: () => void;

  constructor(warm: readonly string[]) {
    this.worker = new Worker(programEntry('worker', new URL('./worker.js', import.meta.url)), { workerData: { role: 'highlighter', warm } });
    const { port1, port2 } = new MessageChannel();
    this.worker.postMessage({ type: 'highlight-from', port: port2 }, [port2]);
    this.port = port1;
    this.worker.on('message', (reply: HighlighterReply) => this.answer(reply));
    this.worker.on('error', (err) => this.failAll(err));
    this.worker.unref();
    this.port.unref();
  }

  /** The blocks' HTML, as `highlightBlock` gives it in any thread; in this one once the thread is closed or failed. */
  readonly highlight = async (blocks: CodeBlock[]): Promise<string[]> => {
    if (this.closed) return (await import('./highlight.ts')).highlightBlocks(blocks);
    const id = `blocks-${this.next++}`;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.port.postMessage({ docId: id, blocks });
    });
  };

  private answer(reply: HighlighterReply): void {
    if (reply.type === 'error') return this.failAll(workerError(reply));
    this.waiting.get(reply.docId)?.resolve(reply.html);
    this.waiting.delete(reply.docId);
    if (this.waiting.size === 0) this.idle?.();
  }

  // Block lists are highlighted one after the other: a failure is the oldest one's, and ends the rest.
  private failAll(err: Error): void {
    this.closed = true;
    for (const { reject } of this.waiting.values()) reject(err);
    this.waiting.clear();
    this.idle?.();
  }

  /** End the thread once the blocks sent to it are back; later ones are highlighted here. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.waiting.size > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    await this.worker.terminate();
  }
}
