import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Diagnostic, Doc, LinkRef, MarkdownOutput, Rendered, SiteConfig, SiteContent } from '../model.ts';
import { withBaseInHtml } from '../../common/base.ts';
import type { CacheEntry, MarkdownCache } from './cache.ts';
import { resolveSourcePath } from '../content/routes.ts';
import { renderAll, type WorkerPool } from './pool.ts';
import type { Highlight } from './render.ts';
import { compileRegistry, hasDirective, mentions, readRegistry, type Registry } from '../components/registry.ts';
import { componentMeta, componentRenderer, spliceComponents, type ComponentRenderer } from '../components/splice.ts';
import { withImageSizes } from './images.ts';
import { ASSET_LINK, jobInputs, MD_LINK, type JobComponents, type RenderJob } from './job.ts';
import type { ApiOperation } from '../openapi/model.ts';
import { docMayHaveDirective } from '../openapi/usage.ts';

export { MarkdownCache } from './cache.ts';
export { startPool, type WorkerPool } from './pool.ts';

export interface MarkdownResult {
  /** By doc id. */
  rendered: Map<string, Rendered>;
  /** How many docs were rendered (not served from the cache). */
  renderedCount: number;
  /** Worker threads used (0: rendered in the main thread). */
  workers: number;
  /** Docs not rendered yet (with `defer`): their `rendered` entry is empty. */
  deferred: string[];
}

/** What a doc whose Markdown is not rendered yet shows: nothing (its page is not served like this). */
function pending(doc: Doc): Rendered {
  return { docId: doc.id, html: () => '', toc: [], ids: [], links: [], sections: [], diagnostics: [], key: `pending:${doc.id}` };
}

/** The operations each doc's directives name, by doc id (openapi/usage.ts). */
export type DocOperations = ReadonlyMap<string, Record<string, ApiOperation>>;

/** The components a doc's job carries: none without a directive, their hash only when it names one. */
function componentsOf(doc: Doc, registry: Registry | undefined): JobComponents | undefined {
  if (!registry || !hasDirective(doc.body)) return undefined;
  const names = Object.keys(registry.files);
  return mentions(doc.body, names) ? { names, hash: registry.hash } : { names };
}

function jobOf(doc: Doc, config: SiteConfig, operations?: Record<string, ApiOperation>, components?: JobComponents): RenderJob {
  const job: RenderJob = { docId: doc.id, source: doc.source, body: doc.body, bodyLine: doc.bodyLine, apiBaseUrl: config.apiBaseUrl, badges: config.badges };
  // Only docs that name operations (components) carry the field: the others keep their cache keys.
  if (operations) job.operations = operations;
  if (components) job.components = components;
  return job;
}

const PLACEHOLDER = new RegExp(`(${MD_LINK}|${ASSET_LINK})([^"#]*)(#[^"]*)?`, 'g');
const SCHEME_OR_ABSOLUTE = /^([a-z][a-z0-9+.-]*:|\/|#)/i;

/** One doc's Markdown, rendered or read from the cache, and what resolving it needs. */
interface Known {
  key: string;
  entry: CacheEntry;
  /** Its relative `.md` links with their target files (computed once). */
  mdLinks?: { link: LinkRef; target: string }[];
  /** The operations and components it was rendered with (their hashes): the memo answers only while they stay the same. */
  operations?: string;
  /** The last resolution, reused while its targets' routes stay the same. */
  last?: { routes: string; rendered: Rendered };
  /** What the HTML's placeholders resolve against: the current run's docs and images, and the site's base URL. */
  site?: { content: SiteContent; bySource: Map<string, Doc>; base: string };
}

/**
 * Docs already rendered in this process, kept by the dev server across edits (for one config):
 * an unchanged Doc object is neither hashed nor looked up in the cache again, and a doc made
 * again with the same text (a generated index) is found by its key.
 */
export class RenderMemo {
  readonly byDoc = new WeakMap<Doc, Known>();
  readonly byKey = new Map<string, Known>();
}

function mdLinksOf(doc: Doc, entry: CacheEntry): { link: LinkRef; target: string }[] {
  return entry.meta.links.filter((l) => !SCHEME_OR_ABSOLUTE.test(l.url) && /\.mdx?(#|$)/.test(l.url)).map((link) => ({ link, target: resolveSourcePath(doc.source, link.url.split('#')[0]) }));
}

/**
 * Links that depend on other files (relative `.md` links, images) are resolved after the
 * cache, so a cached page stays valid when another file moves.
 */
function resolve(doc: Doc, known: Known, content: SiteContent, bySource: Map<string, Doc>, root: string, base: string): Rendered {
  known.site = { content, bySource, base };
  const mdLinks = (known.mdLinks ??= mdLinksOf(doc, known.entry));
  // The routes its relative links resolve to are part of what the HTML is made from.
  const routes = JSON.stringify(mdLinks.map(({ target }) => bySource.get(target)?.route ?? null));
  if (known.last?.routes === routes) return known.last.rendered;
  const { entry } = known;
  const diagnostics: Diagnostic[] = [...entry.meta.diagnostics];
  for (const { link, target } of mdLinks) {
    if (bySource.has(target)) continue;
    diagnostics.push({
      severity: 'error',
      kind: 'broken markdown link',
      message: `${link.url} → no such file ${target}`,
      location: { file: doc.source, line: link.line, column: link.column },
      hint: 'relative .md links are resolved from the folder of the file that contains them',
    });
  }
  const html = () => {
    const site = known.site!;
    const sized = withImageSizes(entry.html(), (target) => site.content.assets.get(path.join(root, target)));
    const html = sized.replace(PLACEHOLDER, (_all, scheme: string, target: string, hash = '') => {
      if (scheme === ASSET_LINK) return site.content.assets.get(path.join(root, target))?.url ?? target;
      const found = site.bySource.get(target);
      return found ? `${found.route}${hash}` : `${target}${hash}`;
    });
    return withBaseInHtml(site.base, html);
  };
  // A relative link to a file published as an asset (an image beside the page) is checked as
  // the asset's URL; any other relative link stays as written, resolved from the page's route.
  const links = entry.meta.links.map((link) => {
    if (SCHEME_OR_ABSOLUTE.test(link.url)) return link;
    const asset = content.assets.get(path.join(root, resolveSourcePath(doc.source, link.url.split('#')[0])));
    return asset ? { ...link, url: asset.url } : link;
  });
  const key = mdLinks.length ? createHash('sha256').update(known.key).update(routes).digest('hex').slice(0, 32) : known.key;
  const rendered = { ...entry.meta, links, diagnostics, html, key };
  known.last = { routes, rendered };
  return rendered;
}

/** A doc's rendered Markdown from the memo or the disk cache, or the job that renders it. */
function lookUp(doc: Doc, config: SiteConfig, cache: MarkdownCache, memo?: RenderMemo, operations?: Record<string, ApiOperation>, registry?: Registry): Known | { job: RenderJob; key: string } {
  const components = componentsOf(doc, registry);
  const inputs = jobInputs(operations, components);
  const byDoc = memo?.byDoc.get(doc);
  if (byDoc && (byDoc.operations ?? '') === inputs) return byDoc;
  const job = jobOf(doc, config, operations, components);
  const key = cache.key(job);
  const byKey = memo?.byKey.get(key);
  if (byKey) return byKey;
  const hit = cache.get(job);
  return hit ? { key, entry: hit, operations: inputs } : { job, key };
}

/**
 * The jobs that use a component get the compiled components' path (compiled only when one
 * does), and this thread what renders them into each doc's HTML (components/render.ts).
 */
async function withComponentModule(jobs: RenderJob[], root: string, registry: Registry | undefined): Promise<ComponentRenderer | undefined> {
  const using = jobs.filter((j) => j.components?.hash);
  if (!registry || !using.length) return undefined;
  const module = await compileRegistry(root, registry);
  const renderer = await componentRenderer(module);
  const meta = componentMeta(renderer.modules);
  for (const job of using) Object.assign(job.components!, { module, meta });
  return renderer;
}

/** How `renderDocs` runs (its executors): all optional. */
export interface RenderDocsOptions {
  /** Render only these docs (resolved against the whole site); default: every doc. */
  only?: Doc[];
  /** Workers started early (see markdown/prestart.ts); without, a pool is started when there are enough jobs. */
  pool?: WorkerPool;
  /** The dev server's memo of docs rendered in this process. */
  memo?: RenderMemo;
  /** Which docs missing from the cache are left for later (`docgen dev` starts without them, but for the pages asked for). */
  defer?: (doc: Doc) => boolean;
  /** With `defer`, the docs it names are left for later before the cache is looked at, hits too: a large site's start reads no entry it does not show. */
  deferHits?: boolean;
  /** Called with each doc's result as soon as it is resolved, before the stage ends (cache hits first). */
  onDoc?: (doc: Doc, rendered: Rendered) => void;
  /**
   * The operations each doc names, by doc id (none: the site has no OpenAPI description, or no
   * doc names one). A promise: the docs whose Markdown names no operation start without it.
   */
  operations?: DocOperations | Promise<DocOperations>;
  /** Where the code of docs rendered in this thread is highlighted (see HighlighterThread); default: here. */
  highlight?: Highlight;
}

/** The docs that wait for the operations: those whose Markdown may name one. */
function waitsForOperations(doc: Doc): boolean {
  return docMayHaveDirective(doc);
}

/**
 * The markdown stage, its one entry: docs → their Rendered by doc id, through the memo, the
 * disk cache and the worker pool. With `defer`, the docs it names missing from the cache are left for later
 * (their entry shows nothing); with `only`, just those docs are rendered, and the rest of the
 * cache is left as it is.
 */
export async function renderDocs(content: SiteContent, config: SiteConfig, cache: MarkdownCache, root: string, options: RenderDocsOptions = {}): Promise<MarkdownResult> {
  const { pool, memo, defer, deferHits, onDoc, only, operations, highlight } = options;
  const docs = only ?? content.docs;
  const bySource = new Map(content.docs.map((d) => [d.source, d]));
  const byId = new Map(docs.map((d) => [d.id, d]));
  const rendered = new Map<string, Rendered>();
  const found = (doc: Doc, known: Known) => {
    memo?.byDoc.set(doc, known);
    memo?.byKey.set(known.key, known);
    const result = resolve(doc, known, content, bySource, root, config.baseUrl);
    rendered.set(doc.id, result);
    onDoc?.(doc, result);
  };
  const misses = new Map<string, { job: RenderJob; key: string }>();
  const deferred: string[] = [];
  const registry = readRegistry(root);
  // Cache hits are resolved at once; the misses not deferred become jobs.
  const lookUpAll = (list: Doc[], ops: DocOperations | undefined): RenderJob[] => {
    const jobs: RenderJob[] = [];
    for (const doc of list) {
      if (deferHits && defer?.(doc)) {
        deferred.push(doc.id);
        continue;
      }
      const known = lookUp(doc, config, cache, memo, ops?.get(doc.id), registry);
      if ('entry' in known) found(doc, known);
      else if (defer?.(doc)) deferred.push(doc.id);
      else jobs.push(misses.set(doc.id, known).get(doc.id)!.job);
    }
    return jobs;
  };
  // Jobs using a component get its module before they are sent, and this thread what renders them.
  let components: ComponentRenderer | undefined;
  const prepare = async (jobs: RenderJob[]) => {
    components = (await withComponentModule(jobs, root, registry)) ?? components;
    return jobs;
  };
  // A failure to name the operations is the operations stage's own, reported by the runner.
  if (operations instanceof Promise) operations.catch(() => undefined);
  const waiting = operations instanceof Promise ? docs.filter(waitsForOperations) : [];
  const waits = new Set(waiting);
  const initial = lookUpAll(waiting.length ? docs.filter((d) => !waits.has(d)) : docs, operations instanceof Promise ? undefined : operations);
  // The jobs that need no component module go at once: the workers start while it compiles.
  const first = initial.filter((j) => !j.components?.hash);
  const withModule = prepare(initial.filter((j) => j.components?.hash));
  const waited = waiting.length ? Promise.resolve(operations).then((ops) => prepare(lookUpAll(waiting, ops))) : Promise.resolve([]);
  const later = Promise.all([withModule, waited]).then(([a, b]) => [...a, ...b]);
  const onOutput = (drafted: MarkdownOutput) => {
    const { job, key } = misses.get(drafted.docId)!;
    const output = spliceComponents(drafted, job, components);
    found(byId.get(output.docId)!, { key, entry: cache.set(job, output), operations: jobInputs(job.operations, job.components) });
  };
  const workers = defer && !initial.length && !waiting.length ? 0 : await renderAll(first, later, onOutput, pool, initial.length + waiting.length, highlight);
  // A render of some docs keeps its HTML in memory until written: only a whole run waits.
  if (!only) await cache.flush();
  // With a memo, docs it answered were not looked up, so pruning would drop their entries.
  if (!memo && !only) cache.prune();
  for (const d of docs) if (!rendered.has(d.id)) rendered.set(d.id, pending(d));
  return { rendered, renderedCount: misses.size, workers, deferred };
}
