import { FSWatcher } from 'chokidar';
import { existsSync, type Stats } from 'node:fs';
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
 * A watch started after the files were read (`since`, a time as Date.now() gives): its first
 * scan tells every file there, and only those modified since the read are changes. chokidar is
 * ready before it has scanned the folders when one of its paths does not exist, so the paths
 * missing at the start (and those added before it is ready) are watched once it is; a path added
 * later has its first `add` judged the same way.
 */
class FirstScan {
  private scanning = true;
  private readonly fresh = new Set<string>();
  private readonly waiting: string[] = [];

  constructor(
    private readonly since: number,
    private readonly watcher: FSWatcher,
  ) {}

  /** Whether an event is the first scan's look at a file not modified since the read. */
  skips(event: string, abs: string, stats: Stats | undefined): boolean {
    if (event === 'addDir') return this.scanning;
    const first = event === 'add' && (this.scanning || this.fresh.delete(abs));
    return first && stats !== undefined && stats.mtimeMs < this.since;
  }

  /** The paths to watch at once: those there now. */
  start(paths: string[]): string[] {
    const there = paths.filter((p) => existsSync(p));
    // With none there, no scan tells anything: all are watched at once.
    if (!there.length) return paths;
    this.waiting.push(...paths.filter((p) => !there.includes(p)));
    return there;
  }

  add(paths: string[]): void {
    if (this.scanning) this.waiting.push(...paths);
    else {
      for (const p of paths) this.fresh.add(path.resolve(p));
      this.watcher.add(paths);
    }
  }

  ready(): void {
    this.scanning = false;
    this.add(this.waiting.splice(0));
  }
}

/**
 * Watch files and folders (chokidar); changed absolute paths arrive in batches, with the time
 * the first change of the batch was seen; `seen` is told of each change at once, before its
 * batch is complete. With `since`, the watch starts after the files were read (see FirstScan);
 * `read` lists those files: one removed before the first scan (which can only tell what is
 * there) is a change once the scan is done.
 */
export function watchFiles(paths: string[], onBatch: (files: string[], since: number) => void, onError: (err: Error) => void, since?: number, seen?: (file: string) => void, read?: () => string[]): Watcher {
  const watcher = new FSWatcher({ ignoreInitial: since === undefined, ignored: IGNORED });
  const scan = since === undefined ? undefined : new FirstScan(since, watcher);
  watcher.add(scan ? scan.start(paths) : paths);
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let first = 0;
  const changed = (file: string) => {
    if (!pending.size) first = performance.now();
    pending.add(file);
    seen?.(file);
    timer ??= setTimeout(() => {
      timer = undefined;
      const files = [...pending];
      pending = new Set();
      onBatch(files, first);
    }, BATCH_MS);
  };
  const recheck = rechecker(changed, () => closed);
  watcher.on('all', (event, file, stats) => {
    const abs = path.resolve(file);
    if (scan?.skips(event, abs, stats)) return;
    changed(abs);
    if (event === 'change' && stats) recheck(abs, stats);
  });
  watcher.on('error', (err) => onError(err as Error));
  const ready = new Promise<void>((resolve) =>
    watcher.once('ready', () => {
      scan?.ready();
      if (scan && read) for (const file of read()) if (!existsSync(file)) changed(path.resolve(file));
      resolve();
    }),
  );
  return {
    ready,
    add: (added) => (scan ? scan.add(added) : void watcher.add(added)),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
    },
  };
}

/** Looks at a changed file again after each event (see RECHECK_MS): a size or time unlike the last seen is a change. */
function rechecker(changed: (file: string) => void, closed: () => boolean): (file: string, stats: Stats) => void {
  const last = new Map<string, { size: number; mtimeMs: number }>();
  return (file, stats) => {
    last.set(file, { size: stats.size, mtimeMs: stats.mtimeMs });
    for (const delay of RECHECK_MS) {
      setTimeout(async () => {
        const now = await stat(file).catch(() => undefined);
        const before = last.get(file);
        if (closed() || !now || !before || (now.size === before.size && now.mtimeMs === before.mtimeMs)) return;
        last.set(file, { size: now.size, mtimeMs: now.mtimeMs });
        changed(file);
      }, delay).unref();
    }
  };
}
