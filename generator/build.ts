import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from './errors.ts';
import { MarkdownCache, type WorkerPool } from './markdown/index.ts';
import { OutputWriter } from './output/index.ts';
import { checkOutDir } from './output/target.ts';
import { markdownCacheDir, outputManifestFile } from './paths.ts';
import { BUILD_PLAN, type BuildExecutors, type BuildModel } from './plan/build.ts';
import { runPlan, timer } from './plan/runner.ts';
import { searchSummary, type SearchSummary } from './search/files.ts';
import { DOCGEN_ROOT } from './root.ts';

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

/** The whole plan (plan/build.ts), run by the runner with the build's executors, each stage timed. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  try {
    return await runBuild(options);
  } finally {
    await options.pool?.close();
  }
}

/** The speed mechanisms the build runs its stages with: disk cache, early workers, hard links. */
function buildExecutors(options: BuildOptions): BuildExecutors {
  const reuse = options.cache !== false;
  return {
    cache: (configHash) => new MarkdownCache(markdownCacheDir(options.root), `${VERSION}:${configHash}`, reuse),
    pool: options.pool,
    output: () => new OutputWriter(options.outDir, reuse ? outputManifestFile(options.root, options.outDir) : undefined),
  };
}

async function runBuild(options: BuildOptions): Promise<BuildResult> {
  checkOutDir(options.root, options.outDir);
  const timings: Record<string, number> = {};
  const model: BuildModel = { root: options.root, strict: options.strict === true };
  const executors = buildExecutors(options);
  try {
    await runPlan(BUILD_PLAN, model, executors, timer(timings));
  } catch (err) {
    await executors.early?.stop();
    await executors.made?.abort();
    throw err;
  }
  const { content, markdown, routes } = model;
  const diagnostics = model.diagnostics!;
  const result = {
    pages: content!.docs.length + content!.pages.length,
    redirects: routes!.redirects.length,
    rendered: markdown!.renderedCount,
    workers: markdown!.workers,
    diagnostics,
    timings,
  };
  if (diagnostics.some((d) => d.severity === 'error')) {
    await executors.made?.abort();
    return { ok: false, ...result };
  }
  return { ok: true, ...result, reused: executors.made!.reused, search: searchSummary(options.outDir, model.search!.docs.length) };
}
