import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildClient, themeConfig } from './client/index.ts';
import { CONFIG_FILE, loadConfig } from './config/index.ts';
import { readContent } from './content/index.ts';
import { emitStages, publishedFiles } from './emit.ts';
import type { Diagnostic } from './errors.ts';
import { MarkdownCache, renderDocs, type WorkerPool } from './markdown/index.ts';
import { markdownCacheDir, outputManifestFile } from './paths.ts';
import { DOCGEN_ROOT, generatorIdentity } from './modules.ts';
import { OutputWriter } from './output/index.ts';
import { checkSite, routeSite } from './pipeline.ts';
import { POINTER_FILE, searchDocuments, type SearchPointer } from './search/index.ts';

export interface BuildOptions {
  root: string;
  outDir: string;
  strict?: boolean;
  cache?: boolean;
  /** Markdown workers started before the build (see prestart.ts); closed when it ends. */
  pool?: WorkerPool;
}

export interface BuildResult {
  ok: boolean;
  pages: number;
  redirects: number;
  /** Docs rendered from Markdown this run (the rest came from the cache). */
  rendered: number;
  /** Worker threads the Markdown stage used (0: main thread). */
  workers: number;
  /** Output files linked unchanged from the previous build instead of being produced again. */
  reused?: number;
  diagnostics: Diagnostic[];
  timings: Record<string, number>;
  /** The search files written: document count and each file's raw and gzip bytes. */
  search?: SearchSummary;
}

export interface SearchSummary {
  documents: number;
  files: { path: string; bytes: number; gzip: number }[];
}

/**
 * The timestamp naming the search files: the previous build's when it indexed the same
 * documents (so an unchanged site builds byte-identical files), else now.
 */
function searchStamp(outDir: string, hash: string, reuse: boolean): number | string {
  if (reuse) {
    try {
      const previous = JSON.parse(readFileSync(path.join(outDir, POINTER_FILE), 'utf8')) as SearchPointer;
      const stamp = /^search-doc-(\d+)\.json$/.exec(previous.searchDoc)?.[1];
      if (previous.hash === hash && stamp && existsSync(path.join(outDir, previous.searchDoc)) && existsSync(path.join(outDir, previous.lunrIndex))) return stamp;
    } catch {
      // No previous build (or not one of ours): a new timestamp.
    }
  }
  return Date.now();
}

/** The search files' sizes, as the search stage recorded them in the pointer file it wrote (or reused). */
function searchSummary(outDir: string, documents: number): SearchSummary {
  const pointer = JSON.parse(readFileSync(path.join(outDir, POINTER_FILE), 'utf8')) as SearchPointer;
  return { documents, files: pointer.files ?? [] };
}

export const VERSION = JSON.parse(readFileSync(path.join(DOCGEN_ROOT, 'package.json'), 'utf8')).version as string;

/** The whole pipeline, one stage after another, each timed. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  try {
    return await runStages(options, markdownCacheDir(options.root), options.pool);
  } finally {
    await options.pool?.close();
  }
}

async function runStages(options: BuildOptions, cacheDir: string, pool: WorkerPool | undefined): Promise<BuildResult> {
  const timings: Record<string, number> = {};
  const time = async <T>(stage: string, fn: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      timings[stage] = (timings[stage] ?? 0) + Math.round(performance.now() - start);
    }
  };
  const { root } = options;
  const { config, hash } = await time('config', () => loadConfig(root));
  const content = await time('content', () => readContent(root, config));
  const cache = new MarkdownCache(cacheDir, `${VERSION}:${hash}`, options.cache !== false);
  const markdown = await time('markdown', () => renderDocs(content, config, cache, root, pool));
  const routes = await time('routes', () => routeSite(root, content));
  const client = await time('client', () => buildClient(themeConfig(config, content)));
  const site = { config, content, rendered: markdown.rendered, ...routes, client };
  const search = await time('search', () => searchDocuments(content.docs, markdown.rendered, config));
  const published = publishedFiles(site);
  const diagnostics = await time('links', () => checkSite(site, published, options.strict === true, readFileSync(path.join(root, CONFIG_FILE), 'utf8')));
  const result = {
    pages: content.docs.length + content.pages.length,
    redirects: site.redirects.length,
    rendered: markdown.renderedCount,
    workers: markdown.workers,
    diagnostics,
    timings,
  };
  if (diagnostics.some((d) => d.severity === 'error')) return { ok: false, ...result };
  const stamp = searchStamp(options.outDir, search.hash, options.cache !== false);
  const output = new OutputWriter(options.outDir, options.cache === false ? undefined : outputManifestFile(root, options.outDir));
  try {
    for (const { stage, files } of emitStages(site, generatorIdentity(), published, { documents: search, stamp })) await time(stage, () => output.writeAll(files));
    await time('output', () => output.commit());
  } catch (err) {
    await output.abort();
    throw err;
  }
  return { ok: true, ...result, reused: output.reused, search: searchSummary(options.outDir, search.docs.length) };
}
