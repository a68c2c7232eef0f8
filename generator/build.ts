import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from './errors.ts';
import type { WorkerPool } from './markdown/index.ts';
import { checkOutDir } from './output/target.ts';
import { buildExecutors, FolderOutput } from './plan/build.ts';
import { need, PLAN, type PlanModel } from './plan/index.ts';
import { runPlan, timer } from './plan/runner.ts';
import { searchSummary, type SearchSummary } from './search/files.ts';
import { DOCGEN_ROOT } from './root.ts';

export interface BuildOptions {
  root: string;
  outDir: string;
  strict?: boolean;
  cache?: boolean;
  /** Parse the docs' JSON, YAML, JS/TS, shell and Python blocks (`--check-code`). */
  checkCode?: boolean;
  /** The sitemap (URL or file) to find moved pages against (`--previous`); default: the config's, else the last build's. */
  previous?: string;
  /** Markdown workers started before the build (see markdown/prestart.ts); closed when it ends. */
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
  /** With an OpenAPI description: its operations, and the examples checked against it. */
  openapi?: { operations: number; pageExamples: number; descriptionExamples: number };
  /** With --check-code: the blocks parsed per syntax, and those left out (no interpreter). */
  codeCheck?: { checked: Record<string, number>; skipped: string[] };
  /** The moved-page check read a sitemap named by `--previous` or the config, not the last build's. */
  previousGiven: boolean;
  /** Each file of the output folder, by path: its size and modification time as written (for uptodate/). */
  files?: Readonly<Record<string, string>>;
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

async function runBuild(options: BuildOptions): Promise<BuildResult> {
  checkOutDir(options.root, options.outDir);
  const timings: Record<string, number> = {};
  const model: PlanModel = { root: options.root, strict: options.strict === true, checkCode: options.checkCode, previous: options.previous };
  const settings = { root: options.root, outDir: options.outDir, reuse: options.cache !== false, pool: options.pool, version: VERSION };
  const output = new FolderOutput(settings);
  try {
    await runPlan(PLAN, model, buildExecutors(settings, output), timer(timings));
  } catch (err) {
    await output.abort();
    throw err;
  }
  const content = need(model.content, 'content');
  const markdown = need(model.markdown, 'markdown');
  const diagnostics = need(model.diagnostics, 'links');
  const result = {
    pages: content.docs.length + content.pages.length,
    redirects: need(model.routes, 'routes').redirects.length,
    rendered: markdown.renderedCount,
    workers: markdown.workers,
    diagnostics,
    timings,
    previousGiven: (options.previous ?? model.loaded?.config.previousSitemap) !== undefined,
    codeCheck: model.codeCheck && { checked: model.codeCheck.checked, skipped: model.codeCheck.skipped },
    openapi: model.api ? { operations: model.api.operations.size, pageExamples: need(model.examples, 'examples').pages, descriptionExamples: need(model.examples, 'examples').description } : undefined,
  };
  if (diagnostics.some((d) => d.severity === 'error')) {
    await output.abort();
    return { ok: false, ...result };
  }
  const writer = need(output.writer, 'output');
  return { ok: true, ...result, reused: writer.reused, files: writer.files, search: searchSummary(options.outDir, need(model.search, 'search')) };
}
