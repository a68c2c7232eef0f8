import { watch } from 'chokidar';
import path from 'node:path';

/** Events closer than this are one batch (an editor's save can be several writes). */
const BATCH_MS = 3;

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
  watcher.on('all', (_event, file) => {
    if (!pending.size) since = performance.now();
    pending.add(path.resolve(file));
    timer ??= setTimeout(() => {
      timer = undefined;
      const files = [...pending];
      pending = new Set();
      onBatch(files, since);
    }, BATCH_MS);
  });
  watcher.on('error', (err) => onError(err as Error));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
