import { availableParallelism } from 'node:os';
import { MessageChannel, Worker } from 'node:worker_threads';
import { MarkdownError } from '../errors.ts';
import { programEntry } from '../esbuild/index.ts';
import type { MarkdownOutput } from '../model.ts';
import { spliceCode, type Draft, type RenderJob } from './job.ts';
import type { Highlight } from './render.ts';
import type { WorkerRole } from './worker.ts';

/**
 * Below this many docs to render, starting workers (each loads unified or shiki and warms it
 * up) costs more than it saves. Measured cold with `DOCGEN_WORKERS` on bench corpora here:
 * 36 docs 3.40 s in-thread vs 3.52 s on workers, 72 docs 4.60 vs 4.54, 200 docs 6.1 vs 4.3.
 */
export const PARALLEL_THRESHOLD = 60;

/**
 * The workers' young generation: parsing allocates a syntax tree per doc that dies soon after,
 * and with V8's default size the parser spends a sixth of its time in scavenges. A large doc
 * (tens of KB, table after table) keeps megabytes of parser events alive while it is parsed:
 * with too small a young generation each scavenge copies them and promotes them to the old
 * generation, so a site of such docs spends a large share of its parsing time collecting. V8
 * grows the young generation only as far as a thread's survivors need, so a site of small docs
 * never touches the rest (its page faults are what a larger size would cost on a virtual
 * machine); beyond this size the scavenges saved are few.
 * The highlighter's garbage is smaller (tokens of a line): a smaller young generation does for it.
 */
const YOUNG_GENERATION_MB = 64;
const HIGHLIGHTER_YOUNG_MB = 16;

/**
 * Docs handed to a parser and not finished yet (draft and highlighted blocks both back): enough
 * to keep every thread busy, few enough that drafts and code blocks do not pile up in memory
 * behind whichever thread is slowest.
 */
const IN_FLIGHT = 32;

/** A highlighter's answer: one doc's (or block list's) HTML, or the error that ended it. */
export type HighlighterReply =
  | { type: 'highlighted'; docId: string; html: string[] }
  | { type: 'error'; error: { message: string; location?: MarkdownError['location']; hint?: string } };

type Reply = { type: 'draft'; value: Draft; blocks: number } | HighlighterReply;

/** The error a worker reported, as the `MarkdownError` it was in the worker. */
export function workerError(reply: Extract<HighlighterReply, { type: 'error' }>): MarkdownError {
  return new MarkdownError(reply.error.message, reply.error.location, reply.error.hint);
}

/**
 * Worker threads to use: one per core from PARALLEL_THRESHOLD docs up. DOCGEN_WORKERS=N forces
 * N threads whatever the count (0 or 1: render in the main thread), for measuring.
 */
export function workerCount(jobs: number): number {
  const forced = process.env.DOCGEN_WORKERS;
  if (forced !== undefined) return Number(forced) >= 2 ? Number(forced) : 0;
  const cores = availableParallelism();
  return cores >= 2 && jobs >= PARALLEL_THRESHOLD ? cores : 0;
}

/**
 * One worker highlights every code block while the others parse Markdown: shiki's warm-up is
 * paid once instead of once per thread, and the two halves of the work run side by side.
 * Started early (before the site is read) when a cold build is likely, so the workers load
 * their modules while the main thread reads the content.
 */
export class WorkerPool {
  private readonly highlighter: Worker;
  private readonly parsers: Worker[];
  /** Jobs not handed out yet (from `next` on), and each parser's docs in flight. */
  private readonly queue: RenderJob[] = [];
  private next = 0;
  private readonly load: number[];
  private readonly parserOf = new Map<string, number>();
  private onReply: (reply: Reply) => void = () => undefined;
  private onError: (err: unknown) => void = () => undefined;

  constructor(readonly threads: number) {
    // In the CLI bundle the worker is a sibling file; from the sources (tests) the same bundle is made.
    const entry = programEntry('worker', new URL('./worker.js', import.meta.url));
    const spawn = (role: WorkerRole) => {
      const resourceLimits = { maxYoungGenerationSizeMb: role === 'parser' ? YOUNG_GENERATION_MB : HIGHLIGHTER_YOUNG_MB };
      const w = new Worker(entry, { workerData: { role }, resourceLimits });
      w.on('message', (r: Reply) => this.onReply(r));
      w.on('error', (e) => this.onError(e));
      return w;
    };
    this.highlighter = spawn('highlighter');
    this.parsers = Array.from({ length: Math.max(1, threads - 1) }, () => spawn('parser'));
    this.load = this.parsers.map(() => 0);
    // Each parser sends its code blocks to the highlighter over a channel of its own.
    for (const parser of this.parsers) {
      const { port1, port2 } = new MessageChannel();
      this.highlighter.postMessage({ type: 'highlight-from', port: port2 }, [port2]);
      parser.postMessage({ type: 'connect', highlighter: port1 }, [port1]);
    }
  }

  /**
   * Render jobs, and the `later` ones once they are known; each finished doc goes to `onResult`
   * as soon as both halves are in: its draft from a parser and its highlighted blocks from the
   * highlighter (either may come first).
   */
  async render(jobs: RenderJob[], later: Promise<RenderJob[]>, onResult: (output: MarkdownOutput) => void): Promise<void> {
    const drafts = new Map<string, Draft>();
    const blocks = new Map<string, string[]>();
    let finished = 0;
    let expected: number | undefined;
    await new Promise<void>((resolve, reject) => {
      const tryComplete = (docId: string) => {
        const draft = drafts.get(docId);
        const html = blocks.get(docId);
        if (!draft || !html) return;
        drafts.delete(docId);
        blocks.delete(docId);
        this.finished(docId);
        onResult(spliceCode(draft, html));
        if (++finished === expected) resolve();
      };
      this.onError = reject;
      this.onReply = (reply) => {
        if (reply.type === 'error') reject(workerError(reply));
        else if (reply.type === 'draft') {
          drafts.set(reply.value.docId, reply.value);
          if (reply.blocks === 0) blocks.set(reply.value.docId, []);
          tryComplete(reply.value.docId);
        } else if (reply.type === 'highlighted') {
          blocks.set(reply.docId, reply.html);
          tryComplete(reply.docId);
        }
      };
      this.send(jobs);
      later.then((more) => {
        this.send(more);
        expected = jobs.length + more.length;
        if (finished === expected) resolve();
      }, reject);
    });
  }

  private send(jobs: RenderJob[]): void {
    this.queue.push(...jobs);
    this.pump();
  }

  /** Hand out jobs, each to the parser with the fewest docs in flight, while one has room. */
  private pump(): void {
    while (this.next < this.queue.length) {
      const p = this.load.indexOf(Math.min(...this.load));
      if (this.load[p] >= IN_FLIGHT) return;
      const job = this.queue[this.next++];
      this.load[p]++;
      this.parserOf.set(job.docId, p);
      this.parsers[p].postMessage({ type: 'parse', job });
    }
  }

  private finished(docId: string): void {
    const p = this.parserOf.get(docId)!;
    this.parserOf.delete(docId);
    this.load[p]--;
    this.pump();
  }

  async close(): Promise<void> {
    await Promise.all([this.highlighter, ...this.parsers].map((w) => w.terminate()));
  }
}

async function renderInThread(jobs: RenderJob[], onResult: (output: MarkdownOutput) => void, highlight?: Highlight): Promise<void> {
  if (jobs.length === 0) return;
  const { renderMarkdown } = await import('./render.ts');
  for (const job of jobs) onResult(await renderMarkdown(job, highlight));
}

/** A pool started before the content is read, or none when rendering in-thread is expected. */
export function startPool(expectedJobs: number): WorkerPool | undefined {
  const threads = workerCount(expectedJobs);
  return threads >= 2 ? new WorkerPool(threads) : undefined;
}

/**
 * Render jobs, and the `later` ones once known, on the pool when there are enough of them to
 * gain (`expected`: how many there may be; starting one if none was started early), else in this
 * thread (its code blocks highlighted by `highlight` when given); the pool is closed either way.
 * Returns the worker threads used (0: this thread).
 */
export async function renderAll(jobs: RenderJob[], later: Promise<RenderJob[]>, onResult: (output: MarkdownOutput) => void, early?: WorkerPool, expected = jobs.length, highlight?: Highlight): Promise<number> {
  // Handled here, as it may fail while this thread renders the first jobs.
  later.catch(() => undefined);
  const threads = workerCount(expected);
  const pool = threads >= 2 ? (early ?? new WorkerPool(threads)) : undefined;
  if (early && early !== pool) await early.close();
  try {
    if (pool) {
      await pool.render(jobs, later, onResult);
      return pool.threads;
    }
    await renderInThread(jobs, onResult, highlight);
    await renderInThread(await later, onResult, highlight);
    return 0;
  } finally {
    await pool?.close();
  }
}
