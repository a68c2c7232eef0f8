import { readFileSync } from 'node:fs';
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
  const output = new OutputWriter(options.outDir, options.cache === false ? undefined : outputManifestFile(root, options.outDir));
  try {
    for (const { stage, files } of emitStages(site, generatorIdentity(), published)) await time(stage, () => output.writeAll(files));
    await time('output', () => output.commit());
  } catch (err) {
    await output.abort();
    throw err;
  }
  return { ok: true, ...result, reused: output.reused };
}
