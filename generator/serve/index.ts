import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/**
 * Map a request path to a file of the site the way a static host does: `/a/b` and `/a/b/`
 * serve `a/b/index.html`. Anything that would leave the folder is refused (null).
 */
export function resolveStatic(dir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const root = path.resolve(dir);
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  for (const candidate of [full, path.join(full, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const decode = (p: string) => {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
};

/** The build's `_redirects` (`from to 301` per line) as a map, so redirects are real 301s here. */
export function readRedirectRules(dir: string): Map<string, string> {
  const rules = new Map<string, string>();
  const file = path.join(dir, '_redirects');
  if (!existsSync(file)) return rules;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [from, to] = line.trim().split(/\s+/);
    if (from && to && !from.startsWith('#') && !rules.has(decode(from))) rules.set(decode(from), to);
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

export interface StaticServerOptions {
  /** Answer the build's `_redirects` with 301s (default). Off: a host with no redirect support. */
  redirects?: boolean;
}

/**
 * A static server for a finished build: clean URLs, content types, 404.html with status 404,
 * and the build's redirects as 301s (query string kept; browsers keep the #hash).
 */
export function createStaticServer(dir: string, options: StaticServerOptions = {}): http.Server {
  const redirects = options.redirects === false ? new Map<string, string>() : readRedirectRules(dir);
  return http.createServer((req, res) => {
    const [pathname, query] = (req.url ?? '/').split(/\?(.*)/s);
    const to = redirects.get(decode(pathname));
    if (to) {
      res.writeHead(301, { location: withQuery(to, query) }).end();
      return;
    }
    const file = resolveStatic(dir, req.url ?? '/');
    const notFound = path.join(dir, '404.html');
    const target = file ?? (existsSync(notFound) ? notFound : null);
    const status = file ? 200 : 404;
    if (!target) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(status, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(target).pipe(res);
  });
}
