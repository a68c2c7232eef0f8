import http from 'node:http';
import path from 'node:path';
import { CacheEntryGone } from '../markdown/cache.ts';
import { escapeHtml } from '../render/head.ts';
import { compile } from '../esbuild/index.ts';
import { DOCGEN_ROOT } from '../root.ts';
import { createHandler, Entry } from '../serve/http.ts';
import { candidates } from '../serve/paths.ts';
import type { EventHub, DevEvent } from './events.ts';
import { MemoryFiles } from './files.ts';
import { asDocgenError } from './inputs.ts';
import type { Problems } from './problems.ts';
import type { EditQueue } from './queue.ts';
import type { DevSession } from './session.ts';
import { startRequestFile } from './start-requests.ts';

const SCRIPT_PATH = '/__docgen/client.js';
/** Attempts at producing a file whose Markdown cache entry keeps vanishing (a loop of builds). */
const CACHE_TRIES = 3;
const EVENTS_PATH = '/__docgen/events';

/** The browser half (browser.ts), bundled once per server. */
function devScript(): Promise<string> {
  const entry = path.join(DOCGEN_ROOT, 'generator', 'dev', 'browser.ts');
  const blame = { root: DOCGEN_ROOT, file: 'generator/dev/browser.ts', prefix: 'dev script does not compile: ', hint: 'fix generator/dev/browser.ts' };
  return compile({ entryPoints: [entry], bundle: true, minify: true, write: false, format: 'iife', target: 'es2020', logLevel: 'silent' }, blame).then((r) => r.outputFiles[0].text);
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

/** The files served from memory, with the dev script in every page; a page that fails to render shows its error. */
export function servedFiles(problems: () => Problems, queue: () => EditQueue, stale: WeakSet<Entry>, base: () => string): MemoryFiles {
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

export interface HandlerParts {
  session: DevSession;
  files: MemoryFiles;
  hub: EventHub;
  problems: Problems;
  queue: EditQueue;
  stale: WeakSet<Entry>;
  ready: () => Promise<void>;
}

/** The shared HTTP layer over the files in memory, plus the dev script and the events. */
export function devHandler(parts: HandlerParts): http.RequestListener {
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
    if (entry && rel.endsWith('.html')) session.pageServed();
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
  const options = { compression: 'fast' as const, base: () => session.baseUrl, intercept };
  const site = createHandler({ get, redirects: async () => (await ready(), files.redirects()) }, options);
  // During the start, the files served early: no redirect is known yet, and nothing else is served.
  const early = createHandler({ get: (rel) => (files.has(rel) ? servedEarly(rel) : undefined), redirects: () => NO_REDIRECTS }, options);
  const servedEarly = (rel: string) => {
    const entry = files.get(rel);
    if (entry && rel.endsWith('.html')) session.pageServed();
    return entry;
  };
  return (req, res) => {
    const start = session.startRequests;
    if (!start.open || req.url?.startsWith('/__docgen/')) return site(req, res);
    // A page asked for during the start is served as soon as it is made (see StartRequests),
    // its path known once the config (the base URL) is read.
    void start.inputsRead.then(async () => {
      const has = (rel: string) => files.has(rel);
      const rel = start.open ? startRequestFile(req, session.baseUrl, has) : undefined;
      const shown = rel !== undefined && (await start.served(rel, has, res));
      (shown ? early : site)(req, res);
    });
  };
}

const NO_REDIRECTS = new Map<string, string>();

/** A page that changed between being served and connecting is told at once. */
function staleness(files: MemoryFiles, url: string): DevEvent[] {
  const params = new URL(url, 'http://x').searchParams;
  const route = params.get('route') ?? '';
  const version = Number(params.get('v'));
  const file = candidates(route.replace(/^\//, '')).find((p) => files.has(p));
  return file && files.changedSince(file, version) ? [{ type: 'update', routes: [route] }] : [];
}

/** A page could not be produced because its Markdown cache entry vanished. */
function isCacheEntryGone(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof CacheEntryGone) return true;
  return false;
}
