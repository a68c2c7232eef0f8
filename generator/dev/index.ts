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
/** Not a file: the batch that renders the docs a start on a cold cache left for later. */
const REST_OF_START = '\0rest of the start';
/** Not a file: the batch that renders again the docs whose Markdown cache entry another process removed. */
const CACHE_CHANGED = '\0cache changed';
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

/**
 * `docgen dev`: the build's stages in memory behind the shared HTTP layer, re-run for what each
 * change touches (see DevSession), pages told over Server-Sent Events, problems shown in an
 * overlay and printed once. Nothing a change breaks stops the server.
 */
export async function startDev(options: DevOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const hub = new EventHub();
  const printer = new ProblemPrinter(log);
  const renderErrors = new Map<string, DocgenError>();
  /** What was served for files whose Markdown cache entry was gone: they are produced again. */
  const stale = new WeakSet<Entry>();
  const files: MemoryFiles = new MemoryFiles({
    transform: (file, body) => withScript(file, body, files.version, session.baseUrl),
    failed: (file, err) => {
      if (isCacheEntryGone(err)) {
        // Not a problem of the site: the docs are rendered again, then the file is produced.
        void renderAgain();
        const entry = errorPage(file, asDocgenError(err).message, files.version);
        stale.add(entry);
        return entry;
      }
      const error = asDocgenError(err);
      renderErrors.set(file, error);
      report();
      return errorPage(file, error.message, files.version);
    },
  });
  const session = new DevSession(options.root, files);
  const problems = () => overlayProblems([...session.errors(), ...renderErrors.values()], session.diagnostics);
  let lastProblems = '[]';
  function report() {
    printer.update([...session.errors(), ...renderErrors.values()], session.diagnostics);
    const now = problems();
    if (JSON.stringify(now) !== lastProblems) hub.send({ type: 'problems', problems: now });
    lastProblems = JSON.stringify(now);
  }

  const script = devScript();
  let ready: Promise<void> = Promise.resolve();
  const handler = createHandler(
    {
      get: async (rel) => {
        await ready;
        if (!session.ready && rel.endsWith('.html')) return errorPage(rel, session.errors().map((e) => e.message).join('\n'), files.version);
        await session.prepare(rel);
        let entry = files.get(rel);
        for (let tries = 1; entry && stale.has(entry) && tries < CACHE_TRIES; tries++) {
          await renderAgain();
          entry = files.get(rel);
        }
        return entry;
      },
      redirects: async () => {
        await ready;
        return files.redirects();
      },
    },
    {
      compression: 'fast',
      base: () => session.baseUrl,
      intercept: (req, res, pathname) => {
        if (pathname === EVENTS_PATH) {
          void ready.then(() => hub.connect(req, res, [{ type: 'problems', problems: problems() }, ...staleness(req.url ?? '')]));
          return true;
        }
        if (pathname !== SCRIPT_PATH) return false;
        void script.then((js) => res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }).end(js));
        return true;
      },
    },
  );
  /** A page that changed between being served and connecting is told at once. */
  function staleness(url: string): DevEvent[] {
    const params = new URL(url, 'http://x').searchParams;
    const route = params.get('route') ?? '';
    const version = Number(params.get('v'));
    const file = candidates(route.replace(/^\//, '')).find((p) => files.has(p));
    return file && files.changedSince(file, version) ? [{ type: 'update', routes: [route] }] : [];
  }

  const server = http.createServer(handler);
  const port = await listen(server, options.port, options.host);
  const url = urlFor(options.host, port);

  const started = performance.now();
  ready = session.start(true).then(() => {
    report();
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const later = session.waiting ? `; the Markdown of ${session.waiting} docs not in the cache renders in the background, a page you open first` : '';
    log(session.ready ? `docgen dev: ${session.pages} pages at ${url}${session.baseUrl.slice(1)} (ready in ${seconds} s${later})` : `docgen dev: ${url} shows the errors above until they are fixed`);
    renderInBackground([...files.paths()].filter((p) => p.endsWith('.html') && !session.isDeferred(p)));
    // Only a head start: a failure here shows again, with its message, on the first save.
    warmMarkdown().catch(() => undefined);
    // On a cold cache the Markdown of most docs was left for later: render it now, in the
    // background (a page asked for meanwhile is rendered first, on its own).
    if (session.deferring) {
      const t0 = performance.now();
      void session.renderRest().finally(() => {
        if (stopped) return;
        if (!pending.size) since = t0;
        pending.add(REST_OF_START);
        updating = true;
        kick();
      });
    }
  });

  // Pages are rendered between requests, one per turn of the event loop: first the pages an
  // edit changed (then its line is printed), then the rest of the site while memory allows.
  // Nothing runs while an edit is being applied, so an edit never waits behind a page.
  const urgent: { paths: string[]; done?: () => void }[] = [];
  let rest: string[] = [];
  let scheduled = false;
  let stopped = false;
  function renderInBackground(paths: string[], done?: () => void) {
    if (done) urgent.push({ paths: [...paths], done });
    else rest = paths;
    if (!scheduled) {
      scheduled = true;
      setImmediate(step);
    }
  }
  function step() {
    scheduled = false;
    if (stopped) return;
    if (updating) {
      scheduled = true;
      setTimeout(step, 10);
      return;
    }
    const batch = urgent[0];
    if (batch) {
      const next = batch.paths.shift();
      if (next !== undefined) files.get(next);
      if (!batch.paths.length) {
        urgent.shift();
        batch.done?.();
      }
    } else {
      while (rest.length && files.isReady(rest[0])) rest.shift();
      if (!rest.length || !files.hasRoom()) return;
      files.get(rest.shift()!);
    }
    scheduled = true;
    setImmediate(step);
  }

  /** Resolved when the run that renders the docs whose cache entry vanished has ended. */
  let renderedAgain: Promise<void> | undefined;
  let cacheChanged: (() => void)[] = [];
  function renderAgain(): Promise<void> {
    renderedAgain ??= new Promise<void>((resolve) => {
      cacheChanged.push(resolve);
      if (!pending.size) since = performance.now();
      pending.add(CACHE_CHANGED);
      updating = true;
      kick();
    });
    return renderedAgain;
  }

  const pending = new Set<string>();
  let since = 0;
  let running: Promise<void> | undefined;
  /** An edit is waiting or being applied. */
  let updating = false;
  function kick() {
    if (running || !pending.size) return;
    updating = true;
    running = drain().finally(() => {
      running = undefined;
      updating = pending.size > 0;
      kick();
    });
  }
  async function drain() {
    while (pending.size) {
      const batch = [...pending];
      const t0 = since;
      pending.clear();
      await ready;
      const waiting = batch.includes(CACHE_CHANGED) ? cacheChanged : [];
      if (waiting.length) {
        cacheChanged = [];
        renderedAgain = undefined;
        session.forgetRenders();
      }
      let announced = false;
      const result = await session
        .update(batch, (served) => {
          announced = true;
          announce(served, batch, t0);
        })
        .catch((err: unknown): UpdateResult => {
          log(`error ${(err as Error).message}`);
          return { changed: [], reload: false, ok: false };
        });
      if (!announced) announce(result, batch, t0);
      renderErrors.clear();
      report();
      for (const resolve of waiting) resolve();
    }
  }

  /** Tell the pages what changed (before the links are checked: that changes no page). */
  function announce(result: UpdateResult, batch: string[], t0: number) {
    if (!result.ok) return;
    const ms = () => Math.round(performance.now() - t0);
    if (batch.length === 1 && batch[0] === CACHE_CHANGED) {
      log(`another process changed the Markdown cache: rendered the docs it removed again in ${ms()} ms`);
      renderInBackground(result.changed.filter((p) => p.endsWith('.html')));
      return;
    }
    if (batch.includes(REST_OF_START)) {
      log(`rendered the Markdown of every doc in ${ms()} ms`);
      renderInBackground(result.changed.filter(isPageFile));
      return;
    }
    if (result.reload) {
      hub.send({ type: 'reload' });
      const what = batch.some((p) => p === path.join(options.root, CONFIG_FILE)) ? 'config' : 'theme';
      log(`reloaded the ${what} in ${ms()} ms; pages reload`);
      renderInBackground(result.changed.filter(isPageFile));
      return;
    }
    const routes = [...new Set(result.changed.map(routeOfFile).filter((r): r is string => r !== undefined))];
    if (routes.length) hub.send({ type: 'update', routes });
    const pages = result.changed.filter(isPageFile);
    if (pages.length) renderInBackground(pages, () => log(`re-rendered ${pages.length} ${pages.length === 1 ? 'page' : 'pages'} in ${ms()} ms`));
    else if (result.changed.length) log(`updated ${result.changed.length} ${result.changed.length === 1 ? 'file' : 'files'} in ${ms()} ms`);
  }

  const watched = ['content', CONFIG_FILE, REDIRECTS_FILE].map((p) => path.join(options.root, p));
  const watcher: Watcher = watchFiles(
    [...watched, THEME_DIR],
    (batch, at) => {
      if (!pending.size) since = at;
      for (const p of batch) if (session.watches(p)) pending.add(p);
      updating ||= pending.size > 0;
      kick();
    },
    (err) => log(`error watching files: ${err.message}`),
  );

  return {
    url,
    session,
    ready: ready.then(() => watcher.ready),
    close: async () => {
      stopped = true;
      hub.close();
      server.closeAllConnections();
      await Promise.all([new Promise((r) => server.close(r)), watcher.close(), running, session.close()]);
    },
  };
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
