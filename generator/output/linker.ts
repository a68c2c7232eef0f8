import { Worker } from 'node:worker_threads';
import { programEntry } from '../esbuild/index.ts';
import type { LinkReply, LinkRequest, LinkWork } from './link-thread.ts';

/** Links sent to the thread in one message: few messages, and the thread never waits long for work. */
const BATCH = 256;

interface LinkJob {
  from: string;
  to: string;
  written: string;
  done: (linked: boolean) => void;
}

/**
 * Folders made and unchanged files hard-linked from the previous build, on a thread of their
 * own. A warm build of a large site would otherwise spend much of its main thread in these
 * system calls (a mkdir per folder, a stat and a link per file) while its second core idles.
 * What the thread could not do comes back undone: the caller does it itself, and reports a
 * failure there. A thread that fails or is stopped leaves everything still asked of it undone.
 */
export class Linker {
  private readonly thread: Worker;
  private readonly waiting = new Map<number, (reply: LinkReply | undefined) => void>();
  private readonly sent = new Set<Promise<void>>();
  private batch: LinkJob[] = [];
  private next = 0;
  private stopped = false;

  constructor() {
    // In the CLI bundle the thread's code is a sibling file; from the sources (tests) the same bundle is made.
    this.thread = new Worker(programEntry('linker', new URL('./linker.js', import.meta.url)));
    this.thread.unref();
    this.thread.on('message', (reply: LinkReply) => this.answer(reply.id, reply));
    this.thread.on('error', () => this.stop());
    this.thread.on('exit', () => this.stop());
  }

  private stop(): void {
    this.stopped = true;
    for (const id of [...this.waiting.keys()]) this.answer(id, undefined);
  }

  private answer(id: number, reply: LinkReply | undefined): void {
    const resolve = this.waiting.get(id);
    this.waiting.delete(id);
    resolve?.(reply);
  }

  private ask(work: LinkWork): Promise<LinkReply | undefined> {
    if (this.stopped) return Promise.resolve(undefined);
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      const request: LinkRequest = { ...work, id };
      this.thread.postMessage(request);
    });
  }

  /** Make `dirs`, parents first (sorted, a parent's path is a prefix of its children's); resolves with those not made. */
  async makeDirs(dirs: string[]): Promise<string[]> {
    const reply = await this.ask({ dirs });
    return reply && 'failed' in reply ? reply.failed : dirs;
  }

  /** Link `to` to `from` if `from` is still as it was `written`; `done` says whether it was linked. */
  link(from: string, to: string, written: string, done: (linked: boolean) => void): void {
    this.batch.push({ from, to, written, done });
    if (this.batch.length >= BATCH) this.send();
  }

  private send(): void {
    const batch = this.batch;
    this.batch = [];
    if (batch.length === 0) return;
    const sent: Promise<void> = this.ask({ links: batch.map((j) => [j.from, j.to, j.written]) })
      .then((reply) => {
        const linked = reply && 'linked' in reply ? reply.linked : [];
        batch.forEach((job, i) => job.done(linked[i] === true));
      })
      .finally(() => this.sent.delete(sent));
    this.sent.add(sent);
  }

  /** Every link asked for so far done, or come back undone. */
  async drain(): Promise<void> {
    this.send();
    await Promise.all(this.sent);
  }

  /** End the thread; what it had not done yet comes back undone. */
  async close(): Promise<void> {
    this.stopped = true;
    await this.thread.terminate();
    this.stop();
  }
}
