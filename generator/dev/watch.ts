import { watch } from 'chokidar';
import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';

/** Events closer than this are one batch (an editor's save can be several writes). */
const BATCH_MS = 3;
/**
 * chokidar drops a file's second event within 5 ms and never emits it later, so a save written
 * as truncate-then-write can be reported once, at the empty file. A changed file is looked at
 * again this long after its event; if it differs from what the event saw, it changed again.
 */
const RECHECK_MS = 30;

export interface Watcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

const IGNORED = (p: string) => {
  const base = path.basename(p);
  return base.startsWith('.') || base.endsWith('~') || base === 'node_modules';
};

/**
 * Watch files and folders (chokidar); changed absolute paths arrive in batches, with the time
 * the first change of the batch was seen.
 */
export function watchFiles(paths: string[], onBatch: (files: string[], since: number) => void, onError: (err: Error) => void): Watcher {
  const watcher = watch(paths, { ignoreInitial: true, ignored: IGNORED });
  let pending = new Set<string>();
  let since = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const changed = (file: string) => {
    if (!pending.size) since = performance.now();
    pending.add(file);
    timer ??= setTimeout(() => {
      timer = undefined;
      const files = [...pending];
      pending = new Set();
      onBatch(files, since);
    }, BATCH_MS);
  };
  const recheck = (file: string, seen: Stats) => {
    setTimeout(async () => {
      const now = await stat(file).catch(() => undefined);
      if (!closed && now && (now.size !== seen.size || now.mtimeMs !== seen.mtimeMs)) changed(file);
    }, RECHECK_MS).unref();
  };
  watcher.on('all', (event, file, stats) => {
    const abs = path.resolve(file);
    changed(abs);
    if (event === 'change' && stats) recheck(abs, stats);
  });
  watcher.on('error', (err) => onError(err as Error));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
