import { loadConfig, type LoadedConfig } from '../config/index.ts';
import { readContent } from '../content/index.ts';
import type { Diagnostic } from '../errors.ts';
import { renderDocs, type MarkdownCache, type MarkdownResult, type WorkerPool } from '../markdown/index.ts';
import type { ClientAssets, OutputFile, Redirect, SearchDocuments, SiteContent } from '../model.ts';
import type { OutputWriter } from '../output/index.ts';
import type { Site } from '../pipeline.ts';
import { readRedirects } from '../redirects/read.ts';
import { EarlyPages } from '../render/early.ts';
import type { Stage, Timer } from './runner.ts';

type Stages = typeof import('../stages.ts');

/** What `docgen build` knows, stage by stage: each stage adds its part. */
export interface BuildModel {
  root: string;
  strict: boolean;
  loaded?: LoadedConfig;
  redirectEntries?: Redirect[];
  content?: SiteContent;
  routes?: Pick<Site, 'routes' | 'redirects' | 'redirectDiagnostics'>;
  markdown?: MarkdownResult;
  /** The stages after the Markdown, loaded while it renders (see stages.ts). */
  stages?: Stages;
  client?: ClientAssets;
  /** Files published as they are (assets, sources, sitemap…), written while the Markdown renders. */
  published?: OutputFile[];
  search?: SearchDocuments;
  /** Docs whose pages were written while the Markdown rendered. */
  writtenDocs?: ReadonlySet<string>;
  diagnostics?: Diagnostic[];
}

/** How the build runs its stages: the speed mechanisms, none of which changes what is built. */
export interface BuildExecutors {
  /** Rendered Markdown on disk, shared between runs, for a config (its hash is in every key). */
  cache: (configHash: string) => MarkdownCache;
  /** Markdown workers started before anything else loaded (see prestart.ts). */
  pool?: WorkerPool;
  /** The output folder's writer; files the previous build wrote with the same key are hard-linked from it. */
  output: () => OutputWriter;
  /** Doc pages written while the Markdown still renders (made by the markdown stage). */
  early?: EarlyPages;
  /** The writer, once made (when the client is ready). */
  made?: OutputWriter;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`plan: ${what} is read before the stage that makes it ran`);
  return value;
}

/** The doc pages written while the Markdown renders: made by whichever of the two stages that share it runs first. */
function earlyOf(m: BuildModel, x: BuildExecutors): EarlyPages {
  return (x.early ??= new EarlyPages(need(m.content, 'content')));
}

/** The full site model the links and file stages read. */
export function siteOf(m: BuildModel): Site {
  return { config: need(m.loaded, 'config').config, content: need(m.content, 'content'), rendered: need(m.markdown, 'markdown').rendered, ...need(m.routes, 'routes'), client: need(m.client, 'client') };
}

/** The stages up to the client bundle: reading the input and the site model. */
const INPUT: Stage<BuildModel, BuildExecutors>[] = [
  { name: 'config', after: [], run: async (m) => (m.loaded = await loadConfig(m.root)) },
  {
    name: 'content',
    after: ['config'],
    // Every route is checked here (redirects.json's too), so none that would land outside the
    // output is written while the Markdown renders.
    run: async (m) => {
      m.redirectEntries = readRedirects(m.root);
      m.content = await readContent(m.root, need(m.loaded, 'config').config);
    },
  },
  {
    name: 'markdown',
    after: ['content'],
    run: async (m, x) => {
      const content = need(m.content, 'content');
      const { config, hash } = need(m.loaded, 'config');
      const early = earlyOf(m, x);
      m.markdown = await renderDocs(content, config, x.cache(hash), m.root, { pool: x.pool, onDoc: (doc, rendered) => early.add(doc, rendered) });
    },
  },
  { name: 'load', after: ['content'], untimed: true, run: async (m) => (m.stages = await import('../stages.ts')) },
  { name: 'client', after: ['load'], run: async (m) => (m.client = await need(m.stages, 'stages').buildClient(need(m.stages, 'stages').themeConfig(need(m.loaded, 'config').config, need(m.content, 'content')))) },
];

/**
 * The output folder made ready while the Markdown renders: every page's folder made, the files
 * that need no Markdown written (file system calls are slow on our VMs), and the doc pages
 * written from then on as their Markdown is ready.
 */
async function prepareOutput(m: BuildModel, x: BuildExecutors): Promise<void> {
  const s = need(m.stages, 'stages');
  const content = need(m.content, 'content');
  const config = need(m.loaded, 'config').config;
  const client = need(m.client, 'client');
  const output = (x.made = x.output());
  output.makeDirs([...content.docs, ...content.pages].flatMap((d) => [...s.pagePathsFor(d.route), s.markdownPathFor(d.route)]));
  m.published = s.publishedFiles({ config, content, client });
  await output.writeAll(m.published);
  const early = earlyOf(m, x);
  early.start(() => s.makePages({ content, rendered: early.rendered, config, client, identity: s.generatorIdentity() }).doc, output);
}

/** The files of every stage that makes them, written, then the output swapped in; nothing when the links failed. */
async function writeOutput(m: BuildModel, x: BuildExecutors, time: Timer): Promise<void> {
  if (need(m.diagnostics, 'links').some((d) => d.severity === 'error')) return;
  const s = need(m.stages, 'stages');
  const output = need(x.made, 'output');
  for (const { stage, files } of s.emitStages(siteOf(m), s.generatorIdentity(), m.published, m.search, m.writtenDocs)) {
    // The published files were written while the Markdown rendered.
    if (files !== m.published) await time(stage, () => output.writeAll(files));
  }
  await time('output', () => output.commit());
}

/**
 * `docgen build`, in order: config → content and site model (sidebars, navbar, routes,
 * redirects) → Markdown → client bundle → links → pages, search, meta, redirects → write.
 * Each stage starts once those it reads from have ended (see runner.ts).
 */
export const BUILD_PLAN: Stage<BuildModel, BuildExecutors>[] = [
  ...INPUT,
  { name: 'routes', after: ['content', 'load'], run: (m) => (m.routes = need(m.stages, 'stages').routeSite(need(m.content, 'content'), need(m.redirectEntries, 'redirects'))) },
  { name: 'prepare', after: ['client'], untimed: true, run: prepareOutput },
  { name: 'search', after: ['markdown', 'load'], run: (m) => (m.search = need(m.stages, 'stages').searchDocuments(need(m.content, 'content').docs, need(m.markdown, 'markdown').rendered, need(m.loaded, 'config').config)) },
  { name: 'render', after: ['markdown', 'prepare'], run: async (m, x) => (m.writtenDocs = await need(x.early, 'markdown').finish()) },
  { name: 'links', after: ['routes', 'markdown', 'prepare'], run: (m) => (m.diagnostics = need(m.stages, 'stages').checkSite(siteOf(m), need(m.published, 'published'), m.strict, need(m.loaded, 'config').source)) },
  { name: 'write', after: ['links', 'search', 'render'], untimed: true, run: writeOutput },
];
