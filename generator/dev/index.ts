import http from 'node:http';
import path from 'node:path';
import { THEME_DIR } from '../client/index.ts';
import { CONFIG_FILE } from '../config/index.ts';
import type { DocgenError } from '../errors.ts';
import { CacheEntryGone } from '../markdown/cache.ts';
import { REDIRECTS_FILE } from '../redirects/index.ts';
import { escapeHtml } from '../render/head.ts';
import { isPageFile } from '../render/paths.ts';
import { compile } from '../esbuild/index.ts';
import { DOCGEN_ROOT } from '../root.ts';
import { createHandler, Entry } from '../serve/http.ts';
import { listen, urlFor } from '../serve/listen.ts';
import { candidates } from '../serve/paths.ts';
import { EventHub, type DevEvent } from './events.ts';
import { MemoryFiles } from './files.ts';
import { overlayProblems, ProblemPrinter } from './report.ts';
import { BackgroundPages } from './background.ts';
import { CACHE_CHANGED, EditQueue, REST_OF_START } from './queue.ts';
import { asDocgenError, DevSession, type UpdateResult } from './session.ts';
import { watchFiles, type Watcher } from './watch.ts';

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

const SCRIPT_PATH = '/__docgen/client.js';
/** Attempts at producing a file whose Markdown cache entry keeps vanishing (a loop of builds). */
const CACHE_TRIES = 3;
const EVENTS_PATH = '/__docgen/events';

/** The browser half (browser.ts), bundled once per process. */
let scriptPromise: Promise<string> | undefined;
function devScript(): Promise<string> {
  const entry = path.join(DOCGEN_ROOT, 'generator', 'dev', 'browser.ts');
  const blame = { root: DOCGEN_ROOT, file: 'generator/dev/browser.ts', prefix: 'dev script does not compile: ', hint: 'fix generator/dev/browser.ts' };
  scriptPromise ??= compile({ entryPoints: [entry], bundle: true, minify: true, write: false, format: 'iife', target: 'es2020', logLevel: 'silent' }, blame).then((r) => r.outputFiles[0].text);
  return scriptPromise;
}

/** The script tag, with the run of the stages the page was produced from (see `changedSince`) and the site's base URL. */
function withScript(file: string, body: Buffer, version: number, base = '/'): Buffer {
  if (!file.endsWith('.html')) return body;
  const tag = Buffer.from(`<script src="${SCRIPT_PATH}" data-version="${version}"${base === '/' ? '' : ` data-base="${escapeHtml(base)}"`}></script>`);
  const at = body.lastIndexOf('</body>');
  return at === -1 ? Buffer.concat([body, tag]) : Buffer.concat([body.subarray(0, at), tag, body.subarray(at)]);
}

/** `docs/a/index.html` → `/docs/a`, the route the browser script compares with its location. */
export function routeOfFile(file: string): string | undefined {
  if (!file.endsWith('.html')) return undefined;
  const route = `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
  return route.length > 1 && route.endsWith('/') ? route.slice(0, -1) : route;
}

function errorPage(file: string, message: string, version: number): Entry {
  return new Entry(file, withScript(file, Buffer.from(`<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>docgen: error</title></head><body><pre>${escapeHtml(message)}</pre></body></html>\n`), version), 500);
}

/** What the terminal and the overlay show: the session's errors and findings, and pages that failed to render. */
class Problems {
  readonly renderErrors = new Map<string, DocgenError>();
  private readonly printer: ProblemPrinter;
  private last = '[]';

  constructor(
    private readonly session: DevSession,
    private readonly hub: EventHub,
    log: (line: string) => void,
  ) {
    this.printer = new ProblemPrinter(log);
  }

  current() {
    return overlayProblems([...this.session.errors(), ...this.renderErrors.values()], this.session.diagnostics);
  }

  /** Print what is new, and tell the pages when the list changed. */
  report(): void {
    this.printer.update([...this.session.errors(), ...this.renderErrors.values()], this.session.diagnostics);
    const now = JSON.stringify(this.current());
    if (now !== this.last) this.hub.send({ type: 'problems', problems: this.current() });
    this.last = now;
  }
}

/** The files served from memory, with the dev script in every page; a page that fails to render shows its error. */
function servedFiles(problems: () => Problems, queue: () => EditQueue, stale: WeakSet<Entry>, base: () => string): MemoryFiles {
  const files: MemoryFiles = new MemoryFiles({
    transform: (file, body) => withScript(file, body, files.version, base()),
    failed: (file, err) => {
      if (isCacheEntryGone(err)) {
        // Not a problem of the site: the docs are rendered again, then the file is produced.
        void queue().renderAgain();
        const entry = errorPage(file, asDocgenError(err).message, files.version);
        stale.add(entry);
        return entry;
      }
      const error = asDocgenError(err);
      problems().renderErrors.set(file, error);
      problems().report();
      return errorPage(file, error.message, files.version);
    },
  });
  return files;
}

interface HandlerParts {
  session: DevSession;
  files: MemoryFiles;
  hub: EventHub;
  problems: Problems;
  queue: EditQueue;
  stale: WeakSet<Entry>;
  ready: () => Promise<void>;
}

/** The shared HTTP layer over the files in memory, plus the dev script and the events. */
function devHandler(parts: HandlerParts): http.RequestListener {
  const { session, files, hub, problems, queue, stale, ready } = parts;
  const script = devScript();
  const get = async (rel: string) => {
    await ready();
    if (!session.ready && rel.endsWith('.html')) return errorPage(rel, session.errors().map((e) => e.message).join('\n'), files.version);
    await session.prepare(rel);
    let entry = files.get(rel);
    for (let tries = 1; entry && stale.has(entry) && tries < CACHE_TRIES; tries++) {
      await queue.renderAgain();
      entry = files.get(rel);
    }
    return entry;
  };
  const intercept = (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => {
    if (pathname === EVENTS_PATH) {
      void ready().then(() => hub.connect(req, res, [{ type: 'problems', problems: problems.current() }, ...staleness(files, req.url ?? '')]));
      return true;
    }
    if (pathname !== SCRIPT_PATH) return false;
    void script.then((js) => res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }).end(js));
    return true;
  };
  return createHandler({ get, redirects: async () => (await ready(), files.redirects()) }, { compression: 'fast', base: () => session.baseUrl, intercept });
}

/** A page that changed between being served and connecting is told at once. */
function staleness(files: MemoryFiles, url: string): DevEvent[] {
  const params = new URL(url, 'http://x').searchParams;
  const route = params.get('route') ?? '';
  const version = Number(params.get('v'));
  const file = candidates(route.replace(/^\//, '')).find((p) => files.has(p));
  return file && files.changedSince(file, version) ? [{ type: 'update', routes: [route] }] : [];
}

interface AnnounceParts {
  root: string;
  hub: EventHub;
  background: BackgroundPages;
  log: (line: string) => void;
}

/** Tell the pages what changed (before the links are checked: that changes no page), and print it. */
function announce(parts: AnnounceParts, result: UpdateResult, batch: string[], t0: number): void {
  if (!result.ok) return;
  const { hub, background, log } = parts;
  const ms = () => Math.round(performance.now() - t0);
  if (batch.length === 1 && batch[0] === CACHE_CHANGED) {
    log(`another process changed the Markdown cache: rendered the docs it removed again in ${ms()} ms`);
    background.render(result.changed.filter((p) => p.endsWith('.html')));
    return;
  }
  if (batch.includes(REST_OF_START)) {
    log(`rendered the Markdown of every doc in ${ms()} ms`);
    background.render(result.changed.filter(isPageFile));
    return;
  }
  if (result.reload) {
    hub.send({ type: 'reload' });
    const what = batch.some((p) => p === path.join(parts.root, CONFIG_FILE)) ? 'config' : 'theme';
    log(`reloaded the ${what} in ${ms()} ms; pages reload`);
    background.render(result.changed.filter(isPageFile));
    return;
  }
  const routes = [...new Set(result.changed.map(routeOfFile).filter((r): r is string => r !== undefined))];
  if (routes.length) hub.send({ type: 'update', routes });
  const pages = result.changed.filter(isPageFile);
  if (pages.length) background.render(pages, () => log(`re-rendered ${pages.length} ${pages.length === 1 ? 'page' : 'pages'} in ${ms()} ms`));
  else if (result.changed.length) log(`updated ${result.changed.length} ${result.changed.length === 1 ? 'file' : 'files'} in ${ms()} ms`);
}

/** Apply one batch of changes to the session, announcing the files it serves anew. */
async function applyBatch(session: DevSession, problems: Problems, parts: AnnounceParts, batch: string[], t0: number): Promise<void> {
  if (batch.includes(CACHE_CHANGED)) session.forgetRenders();
  let announced = false;
  const result = await session
    .update(batch, (served) => {
      announced = true;
      announce(parts, served, batch, t0);
    })
    .catch((err: unknown): UpdateResult => {
      parts.log(`error ${(err as Error).message}`);
      return { changed: [], reload: false, ok: false };
    });
  if (!announced) announce(parts, result, batch, t0);
  problems.renderErrors.clear();
  problems.report();
}

/** The first run of the stages, then the pages rendered in the background and the Markdown a cold start left. */
async function firstRun(session: DevSession, files: MemoryFiles, parts: AnnounceParts & { url: string; queue: EditQueue; problems: Problems }): Promise<void> {
  const started = performance.now();
  await session.start(true);
  parts.problems.report();
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const later = session.waiting ? `; the Markdown of ${session.waiting} docs not in the cache renders in the background, a page you open first` : '';
  parts.log(session.ready ? `docgen dev: ${session.pages} pages at ${parts.url}${session.baseUrl.slice(1)} (ready in ${seconds} s${later})` : `docgen dev: ${parts.url} shows the errors above until they are fixed`);
  parts.background.render([...files.paths()].filter((p) => p.endsWith('.html') && !session.isDeferred(p)));
  // Only a head start: a failure here shows again, with its message, on the first save.
  warmMarkdown().catch(() => undefined);
  // On a cold cache the Markdown of most docs was left for later: render it now, in the
  // background (a page asked for meanwhile is rendered first, on its own).
  if (session.deferring) {
    const t0 = performance.now();
    void session.renderRest().finally(() => parts.queue.add([REST_OF_START], t0));
  }
}

/**
 * `docgen dev`: the build's stages in memory behind the shared HTTP layer, re-run for what each
 * change touches (see DevSession), pages told over Server-Sent Events, problems shown in an
 * overlay and printed once. Nothing a change breaks stops the server.
 */
export async function startDev(options: DevOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line));
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
  });
  const background = new BackgroundPages(files, () => queue.busy);
  const parts: AnnounceParts = { root: options.root, hub, background, log };
  const server = http.createServer(devHandler({ session, files, hub, problems, queue, stale, ready: () => ready }));
  const url = urlFor(options.host, await listen(server, options.port, options.host));
  ready = firstRun(session, files, { ...parts, url, queue, problems });
  const watched = ['content', CONFIG_FILE, REDIRECTS_FILE].map((p) => path.join(options.root, p));
  const watcher: Watcher = watchFiles(
    [...watched, THEME_DIR],
    (batch, at) => queue.add(batch.filter((p) => session.watches(p)), at),
    (err) => log(`error watching files: ${err.message}`),
  );
  const close = async () => {
    background.stop();
    const stopping = queue.stop();
    hub.close();
    server.closeAllConnections();
    await Promise.all([new Promise((r) => server.close(r)), watcher.close(), stopping, session.close()]);
  };
  return { url, session, ready: ready.then(() => watcher.ready), close };
}

/** A page could not be produced because its Markdown cache entry vanished. */
function isCacheEntryGone(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof CacheEntryGone) return true;
  return false;
}

/**
 * Load the Markdown toolchain and the highlighter now, so the first save renders as fast as
 * the next ones instead of paying their warm-up (about a second).
 */
async function warmMarkdown(): Promise<void> {
  const { renderMarkdown } = await import('../markdown/render.ts');
  await renderMarkdown({ docId: '__warm-up', source: '', body: '# Warm\n\n```js\nconst a = 1;\n```\n', bodyLine: 1, apiBaseUrl: '' });
}
