import http from 'node:http';
import path from 'node:path';
import { THEME_DIR } from '../client/index.ts';
import { CONFIG_FILE } from '../config/index.ts';
import { startReaderEarly } from '../content/parallel.ts';
import { REDIRECTS_FILE } from '../redirects/index.ts';
import type { Entry } from '../serve/http.ts';
import { listen, urlFor } from '../serve/listen.ts';
import { applyBatch, firstRun, watchAfter, type AnnounceParts } from './batches.ts';
import { BackgroundPages } from './background.ts';
import { EventHub } from './events.ts';
import { devHandler, servedFiles } from './handler.ts';
import { Problems } from './problems.ts';
import { EditQueue } from './queue.ts';
import { DevSession } from './session.ts';
import { watchFiles, type Watcher } from './watch.ts';
import { VERSIONED_DOCS, VERSIONED_SIDEBARS, VERSIONS_FILE } from '../versions/files.ts';

export interface DevOptions {
  root: string;
  port: number;
  host: string;
  /** Where lines for the terminal go (default: stdout). */
  log?: (line: string) => void;
}

export interface DevServer {
  url: string;
  session: DevSession;
  /** Resolves when the first set of files is served (or the errors that stop it are shown). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * `docgen dev`: the build's stages in memory behind the shared HTTP layer, re-run for what each
 * change touches (see DevSession), pages told over Server-Sent Events, problems shown in an
 * overlay and printed once. Nothing a change breaks stops the server.
 */
export async function startDev(options: DevOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  startReaderEarly(options.root);
  const hub = new EventHub();
  /** What was served for files whose Markdown cache entry was gone: they are produced again. */
  const stale = new WeakSet<Entry>();
  let ready: Promise<void> = Promise.resolve();
  const files = servedFiles(() => problems, () => queue, stale, () => session.baseUrl);
  const session = new DevSession(options.root, files);
  const problems = new Problems(session, hub, log);
  const queue: EditQueue = new EditQueue(async (batch, t0) => {
    await ready;
    await applyBatch(session, problems, parts, batch, t0);
    watchApi();
  }, () => session.supersede());
  const background = new BackgroundPages(files, () => queue.busy);
  const parts: AnnounceParts = { root: options.root, hub, background, log };
  const server = http.createServer(devHandler({ session, files, hub, problems, queue, stale, ready: () => ready }));
  const url = urlFor(options.host, await listen(server, options.port, options.host));
  // Files modified from here on are changes: the watcher may start after the first run read them.
  const readFrom = Date.now();
  ready = firstRun(session, files, { ...parts, url, queue, problems });
  const watched = ['content', CONFIG_FILE, REDIRECTS_FILE, VERSIONS_FILE, VERSIONED_DOCS, VERSIONED_SIDEBARS].map((p) => path.join(options.root, p));
  let watcher: Watcher | undefined;
  let closed = false;
  // The description's path comes from the config: watched once the config is read, and whenever it names another.
  const watchApi = () => {
    if (session.apiFile) watcher?.add([session.apiFile]);
  };
  // The watcher's first scan (a look at every file) would share the main thread with the first
  // run and, on a large site, with the first page: it starts once they are served.
  const watching = ready
    .catch(() => undefined)
    .then(() => watchAfter(session))
    .then(() => {
      if (closed) return;
      watcher = watchFiles(
        [...watched, THEME_DIR],
        (batch, at) => queue.add(batch.filter((p) => session.watches(p)), at),
        (err) => log(`error watching files: ${err.message}`),
        readFrom,
        (file) => session.watches(file) && queue.seen(),
        () => session.sourcesRead(),
      );
      watchApi();
      return watcher.ready;
    });
  const close = async () => {
    closed = true;
    background.stop();
    const stopping = queue.stop();
    hub.close();
    server.closeAllConnections();
    await Promise.all([new Promise((r) => server.close(r)), watcher?.close(), stopping, session.close()]);
  };
  return { url, session, ready: ready.then(() => watching), close };
}
