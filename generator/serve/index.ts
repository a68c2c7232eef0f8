import { readFileSync, realpathSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { buildBaseUrl } from './base.ts';
import { headersFor, parseHeaderRules, type HeaderRule } from './headers.ts';
import { createHandler, Entry, parseRedirectRules, type Compression, type RedirectLookup, type SiteSource } from './http.ts';

/**
 * A finished build on disk. Files are read once and kept with their compressed forms; a file
 * changed on disk (a new build swapped in) is read again, as its inode, size or time differ.
 */
export class BuildFolder implements SiteSource {
  private readonly root: string;
  private realRoot: string | undefined;
  private readonly entries = new Map<string, { signature: string; entry: Entry }>();
  private rules: { from: Entry | undefined; map: RedirectLookup } = { from: undefined, map: new Map() };
  private headerRules: { from: Entry | undefined; list: HeaderRule[] } = { from: undefined, list: [] };

  constructor(
    dir: string,
    /** Off: serve the files as they are, like a host without redirect support. */
    private readonly withRules = true,
  ) {
    this.root = path.resolve(dir);
  }

  get(rel: string): Entry | undefined {
    const full = path.join(this.root, rel);
    let stat;
    try {
      stat = statSync(full, { throwIfNoEntry: false });
    } catch {
      // ENOTDIR: a path through a file (`a.md/x`).
      return undefined;
    }
    if (!stat?.isFile()) return undefined;
    const signature = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    const known = this.entries.get(rel);
    if (known?.signature === signature) return known.entry;
    // A symbolic link inside the build must not lead out of it.
    const real = realpathSync(full);
    this.realRoot ??= realpathSync(this.root);
    if (!real.startsWith(this.realRoot + path.sep)) return undefined;
    const entry = new Entry(rel, readFileSync(full));
    this.entries.set(rel, { signature, entry });
    return entry;
  }

  redirects(): RedirectLookup {
    if (!this.withRules) return this.rules.map;
    const file = this.get('_redirects');
    if (file !== this.rules.from) this.rules = { from: file, map: file ? parseRedirectRules(file.body.toString('utf8')) : new Map() };
    return this.rules.map;
  }

  /** The build's `_headers` (its Content-Security-Policy), as a static host applies them. */
  headers(pathname: string): Record<string, string> {
    const file = this.get('_headers');
    if (file !== this.headerRules.from) this.headerRules = { from: file, list: file ? parseHeaderRules(file.body.toString('utf8')) : [] };
    return headersFor(this.headerRules.list, pathname);
  }
}

/**
 * A static server for a finished build, as a static host serves it (see createHandler): clean
 * URLs, 404.html with status 404, the build's redirects as 301s, its `_headers`, caching
 * headers, compression.
 */
export function createStaticServer(dir: string, options: { redirects?: boolean; base?: string; compression?: Compression } = {}): http.Server {
  const base = options.base ?? buildBaseUrl(dir);
  return http.createServer(createHandler(new BuildFolder(dir, options.redirects !== false), { compression: options.compression ?? 'best', base }));
}
