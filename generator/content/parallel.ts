import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { programEntry } from '../esbuild/index.ts';
import { below, countDocs } from './listing.ts';
import { parseChunk, type ParsedDoc } from './parsed.ts';
import type { ReadChunk, ReadWork } from './read-thread.ts';

/**
 * From this many docs on, a second thread reads and parses docs beside the main thread. Below,
 * starting it (a Node thread and the front matter's modules, ~0.2 s of a core) saves too little.
 */
export const PARALLEL_FROM = 2000;
/** Docs claimed at a time: few messages, and neither thread is left long with the other's work. */
const CHUNK = 32;

/** A reading thread, and whether it has ended (an ended thread sends nothing more). */
interface Reader {
  thread: Worker;
  ended: Promise<void>;
}

let started: Reader | undefined;

function startReader(): Reader {
  const thread = new Worker(programEntry('reader', new URL('./reader.js', import.meta.url)));
  // A thread that does not start or fails only takes its help away: its chunks are read here.
  thread.on('error', () => undefined);
  // Never what keeps the process alive (one started early that the run never used).
  thread.unref();
  return { thread, ended: new Promise((resolve) => thread.once('exit', () => resolve())) };
}

/**
 * Start the reading thread now, on a site large enough to use it: Node starts it and it loads
 * its modules while the main thread loads its own. Its use is the second core's idle time while
 * the main thread reads: a command whose Markdown workers are already starting (a cold build)
 * does not start it, and the docs are then read here alone.
 */
export function startReaderEarly(root: string): void {
  if (!started && countDocs(path.join(root, 'content', 'docs'), PARALLEL_FROM) >= PARALLEL_FROM) started = startReader();
}

/**
 * On a large site whose reading thread was started early, the docs (not links: those are
 * checked before they are read) read and parsed on two threads, by path; else none (each is read
 * as it is met).
 */
export async function parseLargeSite(root: string, docFiles: string[], links: Set<string>, badges: readonly string[]): Promise<Map<string, ParsedDoc | undefined>> {
  const files = docFiles.filter((f) => f.endsWith('.md') && !links.has(f));
  if (!started || files.length < PARALLEL_FROM) return new Map();
  const reader = started;
  started = undefined;
  const docs = await parseDocs(reader, files, files.map((f) => below(root, f)), badges);
  return new Map(files.map((f, i) => [f, docs[i]]));
}

/**
 * Each of `files` (`rels`: relative to the site root) read and its front matter parsed, here and
 * on the reading thread at once. Both take the next chunk of files from one shared counter, so
 * this thread starts at once and the other joins once it has started. Undefined for a doc the
 * main thread reads itself (see parseDoc).
 */
async function parseDocs(reader: Reader, files: string[], rels: string[], badges: readonly string[]): Promise<(ParsedDoc | undefined)[]> {
  const docs = new Array<ParsedDoc | undefined>(files.length);
  const chunks = Math.ceil(files.length / CHUNK);
  const done = new Uint8Array(chunks);
  let left = chunks;
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  const put = (start: number, read: (ParsedDoc | undefined)[]) => {
    read.forEach((doc, k) => (docs[start + k] = doc));
    done[start / CHUNK] = 1;
    if (--left === 0) allDone();
  };
  const readHere = (start: number) => put(start, parseChunk(files, rels, badges, start, CHUNK));
  // Awaited from here on: the process waits for it.
  reader.thread.ref();
  const next = new SharedArrayBuffer(4);
  reader.thread.on('message', ({ start, docs: read }: ReadChunk) => put(start, read));
  reader.thread.postMessage({ files, rels, badges: [...badges], next, chunk: CHUNK } satisfies ReadWork);
  const counter = new Int32Array(next);
  for (let start = Atomics.add(counter, 0, CHUNK); start < files.length; start = Atomics.add(counter, 0, CHUNK)) readHere(start);
  await Promise.race([finished, reader.ended]);
  await reader.thread.terminate();
  // Chunks the thread claimed and never sent, because it failed.
  for (let c = 0; c < chunks; c++) if (!done[c]) readHere(c * CHUNK);
  return docs;
}
