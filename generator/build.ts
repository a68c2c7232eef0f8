import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config/index.ts';
import { readContent } from './content/index.ts';
import type { Diagnostic } from './errors.ts';
import { MarkdownCache, renderDocs, type WorkerPool } from './markdown/index.ts';
import { checkOutDir } from './output/target.ts';
import { markdownCacheDir, outputManifestFile } from './paths.ts';
import { readRedirects } from './redirects/read.ts';
import { EarlyPages } from './render/early.ts';
import { searchSummary, type SearchSummary } from './search/files.ts';
import type { Site } from './pipeline.ts';
import { DOCGEN_ROOT } from './root.ts';

type Stages = typeof import('./stages.ts');

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

export const VERSION = JSON.parse(readFileSync(path.join(DOCGEN_ROOT, 'package.json'), 'utf8')).version as string;

/** The whole pipeline, stage by stage, each timed; what needs no Markdown runs while it renders. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  try {
    return await runStages(options, markdownCacheDir(options.root), options.pool);
  } finally {
    await options.pool?.close();
  }
}

/**
 * The output folder's writer, with the folders of every page made and the files that need no
 * Markdown written (client assets, sources, sitemap…): all while the Markdown renders, so
 * that the stages after it have fewer files to write (file system calls are slow on our VMs).
 */
async function prepareOutput(stages: Stages, options: BuildOptions, site: Pick<Site, 'config' | 'content' | 'client'>) {
  const output = new stages.OutputWriter(options.outDir, options.cache === false ? undefined : outputManifestFile(options.root, options.outDir));
  try {
    output.makeDirs([...site.content.docs, ...site.content.pages].flatMap((d) => [...stages.pagePathsFor(d.route), stages.markdownPathFor(d.route)]));
    const published = stages.publishedFiles(site);
    await output.writeAll(published);
    return { output, published };
  } catch (err) {
    await output.abort();
    throw err;
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
  checkOutDir(root, options.outDir);
  const { config, hash, source } = await time('config', () => loadConfig(root));
  // Every route is checked here (redirects.json's too), so none that would land outside the
  // output is written while the Markdown renders.
  const { redirectEntries, content } = await time('content', async () => ({ redirectEntries: readRedirects(root), content: await readContent(root, config) }));
  const cache = new MarkdownCache(cacheDir, `${VERSION}:${hash}`, options.cache !== false);
  // While the workers render the Markdown, this thread loads the later stages, builds the client
  // bundle (esbuild works in its own process), prepares the output and writes the pages of the
  // docs whose Markdown is ready; nothing awaits them before the Markdown.
  const early = new EarlyPages(content);
  const rendering = time('markdown', () => renderDocs(content, config, cache, root, { pool, onDoc: (d, r) => early.add(d, r) }));
  const later = import('./stages.ts');
  const building = later.then((s) => time('client', () => s.buildClient(s.themeConfig(config, content))));
  const preparing = Promise.all([later, building]).then(async ([s, client]) => {
    const prepared = await prepareOutput(s, options, { config, content, client });
    early.start(() => s.makePages({ content, rendered: early.rendered, config, client, identity: s.generatorIdentity() }).doc, prepared.output);
    return prepared;
  });
  building.catch(() => undefined);
  preparing.catch(() => undefined);
  try {
    const markdown = await rendering;
    const stages = await later;
    const client = await building;
    const { output, published } = await preparing;
    const routes = await time('routes', () => stages.routeSite(content, redirectEntries));
    const site = { config, content, rendered: markdown.rendered, ...routes, client };
    const search = await time('search', () => stages.searchDocuments(content.docs, markdown.rendered, config));
    const writtenDocs = await time('render', () => early.finish());
    const diagnostics = await time('links', () => stages.checkSite(site, published, options.strict === true, source));
    const result = {
      pages: content.docs.length + content.pages.length,
      redirects: site.redirects.length,
      rendered: markdown.renderedCount,
      workers: markdown.workers,
      diagnostics,
      timings,
    };
    if (diagnostics.some((d) => d.severity === 'error')) {
      await output.abort();
      return { ok: false, ...result };
    }
    for (const { stage, files } of stages.emitStages(site, stages.generatorIdentity(), published, search, writtenDocs)) {
      // The published files were written while the Markdown rendered.
      if (files !== published) await time(stage, () => output.writeAll(files));
    }
    await time('output', () => output.commit());
    return { ok: true, ...result, reused: output.reused, search: searchSummary(options.outDir, search.docs.length) };
  } catch (err) {
    await early.stop();
    await (await preparing.catch(() => undefined))?.output.abort();
    throw err;
  }
}
