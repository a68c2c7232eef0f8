import { watch } from 'chokidar';
import { stat } from 'node:fs/promises';
import path from 'node:path';

/** Events closer than this are one batch (an editor's save can be several writes). */
const BATCH_MS = 3;
/**
 * chokidar misses some writes that follow another write to the same file closely: it drops a
 * second event within 5 ms for good (so a save written as truncate-then-write can be reported
 * once, at the empty file), and in tests a save 100 ms after the previous one went unreported.
 * So a changed file is looked at again this long after each event; whatever differs from the
 * last size and modification time seen is a change.
 */
const RECHECK_MS = [30, 100, 300, 1000];

export interface Watcher {
  ready: Promise<void>;
  /** Watch more paths (a file whose name the config gives). */
  add(paths: string[]): void;
  close(): Promise<void>;
}

const IGNORED = (p: string) => {
  const base = path.basename(p);
  return base.startsWith('.') || base.endsWith('~') || base === 'node_modules';
};

/**
 * Watch files and folders (chokidar); changed absolute paths arrive in batches, with the time
 * the first change of the batch was seen. With `since` (a time as Date.now() gives), the watch
 * starts after the files were read: a file the first scan finds modified since then is a change.
 */
export function watchFiles(paths: string[], onBatch: (files: string[], since: number) => void, onError: (err: Error) => void, since?: number): Watcher {
  const watcher = watch(paths, { ignoreInitial: since === undefined, ignored: IGNORED });
  let scanned = since === undefined;
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let first = 0;
  const changed = (file: string) => {
    if (!pending.size) first = performance.now();
    pending.add(file);
    timer ??= setTimeout(() => {
      timer = undefined;
      const files = [...pending];
      pending = new Set();
      onBatch(files, first);
    }, BATCH_MS);
  };
  const last = new Map<string, { size: number; mtimeMs: number }>();
  const recheck = (file: string) => {
    for (const delay of RECHECK_MS) {
      setTimeout(async () => {
        const now = await stat(file).catch(() => undefined);
        const before = last.get(file);
        if (closed || !now || !before || (now.size === before.size && now.mtimeMs === before.mtimeMs)) return;
        last.set(file, { size: now.size, mtimeMs: now.mtimeMs });
        changed(file);
      }, delay).unref();
    }
  };
  watcher.on('all', (event, file, stats) => {
    // The first scan tells every file and folder there: only those modified since the read are changes.
    if (!scanned && (event === 'addDir' || (event === 'add' && stats && stats.mtimeMs < since!))) return;
    const abs = path.resolve(file);
    changed(abs);
    if (event === 'change' && stats) {
      last.set(abs, { size: stats.size, mtimeMs: stats.mtimeMs });
      recheck(abs);
    }
  });
  watcher.on('error', (err) => onError(err as Error));
  const ready = new Promise<void>((resolve) =>
    watcher.once('ready', () => {
      scanned = true;
      resolve();
    }),
  );
  return {
    ready,
    add: (paths) => void watcher.add(paths),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
