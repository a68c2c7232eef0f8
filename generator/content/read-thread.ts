import { parentPort } from 'node:worker_threads';
import { parseChunk, type ParsedDoc } from './parsed.ts';

/** What the reading thread is asked (see parallel.ts): one message, once it has started. */
export interface ReadWork {
  /** Absolute paths, and the same relative to the site root (for errors). */
  files: string[];
  rels: string[];
  badges: string[];
  /** One Int32: the index of the next chunk of `files` not yet claimed, shared with the main thread. */
  next: SharedArrayBuffer;
  chunk: number;
}

/** One chunk's docs (undefined: left to the main thread), from `start` on. */
export interface ReadChunk {
  start: number;
  docs: (ParsedDoc | undefined)[];
}

/** The docs of the chunks this thread claims, a message per chunk, until none is left. */
function readAll(work: ReadWork): void {
  const next = new Int32Array(work.next);
  for (let start = Atomics.add(next, 0, work.chunk); start < work.files.length; start = Atomics.add(next, 0, work.chunk)) {
    parentPort!.postMessage({ start, docs: parseChunk(work.files, work.rels, work.badges, start, work.chunk) } satisfies ReadChunk);
  }
}

// One piece of work; then nothing keeps the thread alive and it ends.
parentPort?.once('message', (work: ReadWork) => readAll(work));
