import { createHash } from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { stripBase } from '../../common/base.ts';
import { fill, fromRegex, isPattern, placeholders } from '../redirects/patterns.ts';
import { markdownAnswer, negotiable } from './markdown.ts';
import { candidates, parseRequestPath } from './paths.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.conf': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg)/;
/** Below this, compressing saves less than it costs. */
const MIN_COMPRESS = 1024;

type Encoding = 'br' | 'gzip';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * How hard to compress: `best` for a finished build (each file is compressed once and the
 * result kept), `fast` for the dev server, whose pages change on every save.
 */
export type Compression = 'best' | 'fast';

/** One file as served: its bytes, type, ETag, and its compressed forms once asked for. */
export class Entry {
  readonly type: string;
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly path: string,
    readonly body: Buffer,
    /** For a page served in place of another (an error page in dev). */
    readonly status = 200,
  ) {
    this.type = contentType(path);
    this.etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  }

  compressible(): boolean {
    return this.body.length >= MIN_COMPRESS && COMPRESSIBLE.test(this.type);
  }

  encode(encoding: Encoding, level: Compression): Promise<Buffer> {
    let out = this.encoded.get(encoding);
    if (!out) {
      out =
        encoding === 'br'
          ? brotli(this.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level === 'best' ? 11 : 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } })
          : gzip(this.body, { level: level === 'best' ? 9 : 6 });
      this.encoded.set(encoding, out);
    }
    return out;
  }
}

/** Where the files come from: a build folder (`docgen serve`) or the pipeline in memory (`docgen dev`). */
export interface SiteSource {
  /** The file at a path relative to the site (`docs/a/index.html`), or undefined. */
  get(rel: string): Entry | undefined | Promise<Entry | undefined>;
  /** Redirects to answer with a 301, `from` (as requested) → `to`. */
  redirects(): RedirectLookup | Promise<RedirectLookup>;
  /** Headers the host adds for a request path (the build's `_headers`: its Content-Security-Policy). */
  headers?(pathname: string): Record<string, string>;
}

export interface HandlerOptions {
  compression: Compression;
  /** Answers requests before the site does (the dev server's own endpoints); true when it did. */
  intercept?: (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => boolean;
  /** The site's base URL (`/developers/`), or how to read it now (it changes with the dev server's config); `/` when absent. */
  base?: string | (() => string);
}

/**
 * The encoding the client weighs highest (RFC 9110 quality values): `br` or `gzip`, brotli on a
 * tie; none when neither is acceptable (q=0, or unlisted without `*`) or when the client weighs
 * `identity` above both. A malformed weight counts as 0.
 */
export function negotiate(accept: string | undefined): Encoding | undefined {
  if (!accept) return undefined;
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!name) continue;
    const qParam = params.find((p) => /^q\s*=/.test(p));
    const value = qParam === undefined ? 1 : Number(qParam.replace(/^q\s*=\s*/, ''));
    q.set(name, qParam === undefined || (/^q\s*=\s*[01](\.\d{0,3})?$/.test(qParam) && value <= 1) ? value : 0);
  }
  const weight = (e: string) => q.get(e) ?? q.get('*') ?? 0;
  const best: Encoding = weight('br') >= weight('gzip') ? 'br' : 'gzip';
  if (weight(best) === 0) return undefined;
  return (q.get('identity') ?? 0) > weight(best) ? undefined : best;
}

/** Content-hashed files never change under their name; everything else is checked each time. */
export function cacheControl(rel: string, status: number): string {
  return status === 200 && rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function plain(res: http.ServerResponse, status: number, text: string, extra: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text), 'x-content-type-options': 'nosniff', ...extra });
  res.end(text);
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

async function send(req: http.IncomingMessage, res: http.ServerResponse, entry: Entry, status: number, options: HandlerOptions, extra: Record<string, string>): Promise<void> {
  const encoding = entry.compressible() ? negotiate(req.headers['accept-encoding'] as string | undefined) : undefined;
  // Each encoding is its own representation, with its own validator.
  const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding}"` : entry.etag;
  const headers: http.OutgoingHttpHeaders = {
    ...extra,
    'content-type': entry.type,
    'cache-control': cacheControl(entry.path, status),
    etag,
    'x-content-type-options': 'nosniff',
  };
  const vary = [extra.vary, entry.compressible() && 'Accept-Encoding'].filter(Boolean);
  if (vary.length) headers.vary = vary.join(', ');
  if (status === 200 && matches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const body = encoding ? await entry.encode(encoding, options.compression) : entry.body;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Static-host semantics over a site source, shared by `docgen serve` and `docgen dev`: safe
 * paths (400 for anything that could leave the site), redirects as 301s keeping the query,
 * clean URLs, `404.html` with status 404, content types, caching headers, ETag and 304s,
 * negotiated brotli/gzip, a page's Markdown for `Accept: text/markdown` (see markdown.ts), HEAD.
 */
export function createHandler(source: SiteSource, options: HandlerOptions): http.RequestListener {
  return (req, res) => {
    handle(source, options, req, res).catch((err: Error) => {
      if (!res.headersSent) plain(res, 500, `Internal error: ${err.message}\n`);
      else res.destroy(err);
    });
  };
}

async function handle(source: SiteSource, options: HandlerOptions, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed\n', { allow: 'GET, HEAD' });
  const parsed = parseRequestPath(req.url ?? '/');
  if (!parsed) return plain(res, 400, 'Bad request\n');
  if (options.intercept?.(req, res, parsed.pathname)) return;
  const base = typeof options.base === 'function' ? options.base() : (options.base ?? '/');
  // The base without its slash is the site's home page; the host's root leads there for now
  // (temporarily: another site may be served at the root later).
  if (base !== '/' && parsed.pathname === base.slice(0, -1)) return moved(res, withQuery(base, parsed.query));
  if (base !== '/' && parsed.pathname === '/') return moved(res, withQuery(base, parsed.query), 302);
  const to = (await source.redirects()).get(parsed.pathname);
  if (to) return moved(res, withQuery(to, parsed.query));
  const extra = source.headers?.(parsed.pathname) ?? {};
  // Outside the base nothing is the site's but its not-found page.
  const inside = stripBase(base, parsed.pathname);
  if (inside !== null && negotiable(inside)) extra.vary = 'Accept';
  const markdown = inside === null ? undefined : markdownAnswer(inside, req.headers.accept);
  for (const rel of inside === null ? [] : [...(markdown ? [markdown] : []), ...candidates(inside.slice(1))]) {
    const entry = await source.get(rel);
    if (entry) return send(req, res, entry, entry.status, options, extra);
  }
  const notFound = await source.get('404.html');
  if (notFound) return send(req, res, notFound, 404, options, extra);
  return plain(res, 404, 'Not found\n');
}

function moved(res: http.ServerResponse, location: string, status = 301): void {
  res.writeHead(status, { location, 'cache-control': 'no-cache', 'content-length': 0 }).end();
}

const decode = (p: string) => {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
};

/** Where a requested (decoded) path redirects to, if anywhere. */
export interface RedirectLookup {
  get(pathname: string): string | undefined;
}

/** The rules of `_redirects`: plain paths first (as on nginx), then the patterns in order. */
class RedirectRules implements RedirectLookup {
  readonly paths = new Map<string, string>();
  readonly patterns: { matcher: RegExp; names: string[]; to: string }[] = [];

  get(pathname: string): string | undefined {
    const to = this.paths.get(pathname);
    if (to !== undefined) return to;
    for (const { matcher, names, to } of this.patterns) {
      const m = matcher.exec(pathname);
      // Values come from the decoded path: encoded again for the Location header.
      if (m) return fill(to, (n) => m[names.indexOf(n) + 1].split('/').map(encodeURIComponent).join('/'));
    }
    return undefined;
  }
}

/**
 * `_redirects` (`from to 301` per line, as the redirects stage writes it), paths keyed decoded
 * as requests are matched; the first rule for a path wins, as on Netlify. A pattern
 * (`/concepts/:slug`) matches every spelling of its paths, as the nginx map does.
 */
export function parseRedirectRules(text: string): RedirectLookup {
  const rules = new RedirectRules();
  for (const line of text.split('\n')) {
    const [from, to] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#')) continue;
    if (isPattern(from)) rules.patterns.push({ matcher: new RegExp(fromRegex(decode(from))), names: placeholders(from), to });
    else if (!rules.paths.has(decode(from))) rules.paths.set(decode(from), to);
  }
  return rules;
}

/** The target with the request's query string added, before the target's own `#fragment`. */
export function withQuery(to: string, query: string | undefined): string {
  if (!query) return to;
  const hash = to.indexOf('#');
  const [target, fragment] = hash < 0 ? [to, ''] : [to.slice(0, hash), to.slice(hash)];
  return `${target}${target.includes('?') ? '&' : '?'}${query}${fragment}`;
}
