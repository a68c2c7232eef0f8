import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildClient } from './client/index.ts';
import { CONFIG_FILE, loadConfig } from './config/index.ts';
import { readContent } from './content/index.ts';
import { normalizeRoute } from './content/routes.ts';
import { sortDiagnostics, type Diagnostic } from './errors.ts';
import { configLinks } from './links/config.ts';
import { pageLinks } from './links/pages.ts';
import { applyLevels, checkLinks } from './links/index.ts';
import { MarkdownCache, renderDocs, type WorkerPool } from './markdown/index.ts';
import { markdownCacheDir, outputManifestFile } from './paths.ts';
import { buildMeta } from './meta/index.ts';
import { DOCGEN_ROOT, generatorIdentity } from './modules.ts';
import { OutputWriter } from './output/index.ts';
import { buildRedirects, readRedirects } from './redirects/index.ts';
import { checkRedirects } from './redirects/validate.ts';
import { renderPages, themeConfig } from './render/index.tsx';
import { buildRoutes } from './routes/index.ts';

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

const VERSION = JSON.parse(readFileSync(path.join(DOCGEN_ROOT, 'package.json'), 'utf8')).version as string;

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
      timings[stage] = Math.round(performance.now() - start);
    }
  };
  const { root } = options;
  const { config, hash } = await time('config', () => loadConfig(root));
  const content = await time('content', () => readContent(root, config));
  const cache = new MarkdownCache(cacheDir, `${VERSION}:${hash}`, options.cache !== false);
  const markdown = await time('markdown', () => renderDocs(content, config, cache, root, pool));
  const listed = readRedirects(root);
  const routes = await time('routes', () => buildRoutes(content, listed));
  const { redirects, diagnostics: redirectDiagnostics } = checkRedirects(listed, routes);
  const client = await time('client', () => buildClient(themeConfig(config, content)));
  const extra = [...content.staticFiles, ...buildMeta(content.docs, content.pages, config, content.sidebars)];
  const assetFiles = [...content.assets.values()].map((a) => ({ path: a.url.slice(1), contents: a.bytes }));
  const files = new Set([...client.files, ...extra, ...assetFiles].map((f) => normalizeRoute(`/${f.path}`)));
  const linkDiagnostics = await time('links', () => checkLinks(content.docs, markdown.rendered, { routes, files }, [...configLinks(config, readFileSync(path.join(root, CONFIG_FILE), 'utf8')), ...pageLinks(content.pages)]));
  const diagnostics = sortDiagnostics(
    applyLevels([...markdown.rendered.flatMap((r) => r.diagnostics), ...routes.diagnostics, ...redirectDiagnostics, ...linkDiagnostics], config, options.strict === true),
  );
  const result = {
    pages: content.docs.length + content.pages.length,
    redirects: redirects.length,
    rendered: markdown.renderedCount,
    workers: markdown.workers,
    diagnostics,
    timings,
  };
  if (diagnostics.some((d) => d.severity === 'error')) return { ok: false, ...result };
  const output = new OutputWriter(options.outDir, options.cache === false ? undefined : outputManifestFile(root, options.outDir));
  try {
    await time('render', () => output.writeAll(renderPages(content, markdown.rendered, config, client, generatorIdentity())));
    await time('redirects', () => output.writeAll(buildRedirects(redirects, routes, files)));
    await time('output', async () => {
      await output.writeAll([...client.files, ...assetFiles, ...extra]);
      await output.commit();
    });
  } catch (err) {
    await output.abort();
    throw err;
  }
  return { ok: true, ...result, reused: output.reused };
}
