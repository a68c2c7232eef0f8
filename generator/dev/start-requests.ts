import type http from 'node:http';
import { isPageFile, pagePathsFor } from '../render/paths.ts';
import { negotiable, wantsMarkdown } from '../serve/markdown.ts';
import { candidates, parseRequestPath } from '../serve/paths.ts';

/** How long the start waits at most for the responses of its pages served early. */
const RESPONSE_WAIT = 250;

/**
 * Pages asked for while a start's first run goes on. The run renders their docs instead of
 * leaving them for later, and serves each page, with the files it loads, as soon as its Markdown
 * and the client bundle are ready (see memoryOutput): on a large site, before the rest of the
 * site is assembled. Once the run ends, every request is answered as any other.
 */
export class StartRequests {
  private readonly waiting = new Map<string, { resolve: (shown: boolean) => void; res: http.ServerResponse }[]>();
  /** The responses of the pages shown, until they are out. */
  private sending: Promise<void>[] = [];
  private ended = false;
  private read = () => {};
  /** `stems()` as last made (undefined once the paths waiting changed). */
  private stemSet?: Set<string>;
  /** Settles once the start read its inputs: a request's path is known then (the config gives the base URL). */
  readonly inputsRead = new Promise<void>((resolve) => (this.read = resolve));

  /** The start read its inputs. */
  inputsReadNow(): void {
    this.read();
  }

  /** Whether the first run still goes on. */
  get open(): boolean {
    return !this.ended;
  }

  /** Settles true once the file at `rel` is served (at once if it is), false if the run ends first; `res` answers with it. */
  served(rel: string, has: (rel: string) => boolean, res: http.ServerResponse): Promise<boolean> {
    if (has(rel)) return Promise.resolve(true);
    if (this.ended) return Promise.resolve(false);
    this.stemSet = undefined;
    return new Promise((resolve) => this.waiting.set(rel, [...(this.waiting.get(rel) ?? []), { resolve, res }]));
  }

  /**
   * Settles once the responses of the pages shown are out (or after `RESPONSE_WAIT`), so that
   * the rest of the start, on the same thread, does not hold them back.
   */
  async sent(): Promise<void> {
    const sending = this.sending.splice(0);
    if (sending.length) await Promise.race([Promise.all(sending), new Promise((resolve) => setTimeout(resolve, RESPONSE_WAIT).unref())]);
  }

  /**
   * Whether a page of the doc at `route` was asked for: the run renders it first. Asked of every
   * doc of a large site: a route that no path waiting could be a page of is answered without
   * making its paths.
   */
  asks(route: string): boolean {
    if (this.waiting.size === 0) return false;
    const start = route.startsWith('/') ? 1 : 0;
    const stem = route.slice(start, route.length > start && route.endsWith('/') ? -1 : undefined);
    return this.stems().has(stem) && pagePathsFor(route).some((p) => this.waiting.has(p));
  }

  /** What routes the paths waiting could be pages of, their slashes trimmed (a few more, never fewer). */
  private stems(): Set<string> {
    if (this.stemSet) return this.stemSet;
    const stems = new Set<string>();
    for (const rel of this.waiting.keys()) {
      const bare = rel.replace(/^_chunks\//, '').replace(/\.(html|json)$/, '');
      stems.add(bare).add(bare.replace(/(^|\/)index$/, ''));
    }
    return (this.stemSet = stems);
  }

  /** These files are served now. */
  shown(paths: readonly string[]): void {
    for (const p of paths) {
      for (const { resolve, res } of this.waiting.get(p) ?? []) {
        this.sending.push(new Promise((out) => res.once('finish', out).once('close', out)));
        resolve(true);
      }
      if (this.waiting.delete(p)) this.stemSet = undefined;
    }
  }

  /** The first run ended: what still waits is answered as any other request. */
  end(): void {
    this.ended = true;
    this.read();
    for (const list of this.waiting.values()) for (const { resolve } of list) resolve(false);
    this.waiting.clear();
    this.stemSet = undefined;
  }
}

/**
 * The file a request made during the start waits for: one already served (the client bundle a
 * page served early loads), else the page at a clean URL. None for other methods, for paths
 * outside the base, and for the Markdown of a page (`Accept: text/markdown`).
 */
export function startRequestFile(req: http.IncomingMessage, base: string, has: (rel: string) => boolean): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (wantsMarkdown(req.headers.accept)) return undefined;
  const parsed = parseRequestPath(req.url ?? '/');
  if (!parsed || !parsed.pathname.startsWith(base)) return undefined;
  const inside = parsed.pathname.slice(base.length);
  const tried = candidates(inside);
  const page = inside === '' || negotiable(`/${inside}`);
  return tried.find(has) ?? (page ? tried.find(isPageFile) : undefined);
}
