import type { LoadedConfig } from '../config/index.ts';
import type { Diagnostic } from '../errors.ts';
import { renderDocs, type DocOperations, type MarkdownResult, type RenderDocsOptions } from '../markdown/index.ts';
import type { ApiDescription } from '../openapi/model.ts';
import { operationsByDoc } from '../openapi/usage.ts';
import type { ExampleCheck } from '../openapi/check.ts';
import type { MarkdownCache } from '../markdown/index.ts';
import type { ClientAssets, Doc, OutputFile, Redirect, Rendered, SearchDocuments, Site, SiteContent } from '../model.ts';
import type { StageFiles } from './files.ts';
import type { ThemeConfig } from '../../common/config.ts';
import type { SiteIslands } from '../components/registry.ts';
import type { PageHistory } from '../history/index.ts';
import type { Stage, Timer } from './runner.ts';
import type { CodeCheck } from '../guards/check-code.ts';
import { movedPages, sitemapRoutes } from '../guards/moved.ts';
import type { PreviousSitemap } from '../guards/previous.ts';
import { boundHeapGrowth } from './heap.ts';

/** The stages after the Markdown (see later-stages.ts); dev's file stages come from its theme bundle. */
export type Stages = typeof import('./later-stages.ts');

/** What a run knows, stage by stage: each stage adds its part. */
export interface PlanModel {
  root: string;
  strict: boolean;
  /** `--check-code`: the docs' code blocks are parsed (the `code` stage). */
  checkCode?: boolean;
  /** `--previous`: the sitemap the moved-page check compares with, instead of the config's or the last build's. */
  previous?: string;
  loaded?: LoadedConfig;
  redirectEntries?: Redirect[];
  content?: SiteContent;
  /** Each content file's last change in git (empty when the config shows none, or outside a checkout). */
  history?: PageHistory;
  /** The config's OpenAPI description, loaded and validated (null: the site has none). */
  api?: ApiDescription | null;
  /** The operations each doc names, by doc id: what its Markdown job receives. */
  operations?: DocOperations;
  /** The examples of the pages and of the description checked against its schemas. */
  examples?: ExampleCheck;
  routes?: Pick<Site, 'routes' | 'redirects' | 'redirectDiagnostics'>;
  markdown?: MarkdownResult;
  stages?: Stages;
  client?: ClientAssets;
  /** Files published as they are (assets, sources, sitemap…). */
  published?: OutputFile[];
  search?: SearchDocuments;
  /** Docs whose pages were written while the Markdown rendered. */
  writtenDocs?: ReadonlySet<string>;
  diagnostics?: Diagnostic[];
  /** The code blocks' syntax, with `checkCode`. */
  codeCheck?: CodeCheck;
  /** Routes of the previous build gone without a redirect. */
  moved?: Diagnostic[];
}

/** Where the files go: build writes a folder, dev serves them from memory. */
export interface PlanOutput {
  /** Once the content is read, before the Markdown is looked up: build opens its output folder. */
  open?(m: PlanModel): void;
  /** Each doc's Markdown as soon as it is ready. */
  onDoc?: (m: PlanModel, doc: Doc, rendered: Rendered) => void;
  /** Once the client is ready, before the Markdown may be: build writes what needs no Markdown. */
  prepare(m: PlanModel, stages: Stages): Promise<void>;
  /** The docs whose pages were written while the Markdown rendered. */
  finishEarly(): Promise<ReadonlySet<string> | undefined>;
  /** The files of every stage, with the links checked (`m.diagnostics`) unless `linksAfterWrite`. */
  write(m: PlanModel, files: StageFiles[], time: Timer): Promise<void>;
  /** The links are checked by `write`, once the files are out (dev: a page shows before the check). */
  linksAfterWrite?: boolean;
}

/** How a run reads its input and runs its stages: what differs between `docgen build` and `docgen dev`. */
export interface Executors {
  readConfig(root: string): Promise<LoadedConfig>;
  readInput(root: string, config: LoadedConfig): Promise<{ redirectEntries: Redirect[]; content: SiteContent }>;
  /** The content's git history, read in one pass. */
  readHistory(root: string, config: LoadedConfig): Promise<PageHistory>;
  /** The config's OpenAPI description, parsed (undefined: none configured). */
  readApi(root: string, config: LoadedConfig): Promise<ApiDescription | undefined>;
  /** Validate the description against the OpenAPI schema (dev validated it when it read it). */
  validateApi(root: string, api: ApiDescription): Promise<void>;
  /** Where the example check keeps its findings between runs (none: `--no-cache`). */
  openapiCache?: string;
  /** The Markdown's disk cache (for a config) and how it runs: early workers, the memo, deferral. */
  markdown(configHash: string): Pick<RenderDocsOptions, 'pool' | 'memo' | 'defer' | 'deferHits'> & { cache: MarkdownCache };
  loadStages(): Promise<Stages>;
  /** `islands`: the site's interactive components (generator/components/), entries of the bundle. */
  client(stages: Stages, theme: ThemeConfig, islands: SiteIslands): Promise<ClientAssets>;
  /** The generator and theme code, part of every page's key. */
  identity(stages: Stages): string;
  output: PlanOutput;
  /** The previous site's sitemap for the moved-page check (none: dev, or nothing to compare with). */
  previousSitemap?(root: string, given: string | undefined): Promise<PreviousSitemap | undefined>;
}

export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`plan: ${what} is read before the stage that makes it ran`);
  return value;
}

/** The full site model the links and file stages read. */
export function siteOf(m: PlanModel): Site {
  return { config: need(m.loaded, 'config').config, content: need(m.content, 'content'), rendered: need(m.markdown, 'markdown').rendered, ...need(m.routes, 'routes'), client: need(m.client, 'client'), history: m.history };
}

async function markdownStage(m: PlanModel, x: Executors, _time: Timer, ended: (name: string) => Promise<unknown>): Promise<void> {
  const { hash, config } = need(m.loaded, 'config');
  const { cache, ...options } = x.markdown(hash);
  const onDoc = x.output.onDoc;
  // The docs that name no operation start at once; the others once the description is read.
  const operations = ended('operations').then(() => need(m.operations, 'operations'));
  m.markdown = await renderDocs(need(m.content, 'content'), config, cache, m.root, { ...options, operations, onDoc: onDoc && ((doc, rendered) => onDoc(m, doc, rendered)) });
}

function linksStage(m: PlanModel, x: Executors): void {
  if (x.output.linksAfterWrite) return;
  const more = [...need(m.examples, 'examples').diagnostics, ...(m.codeCheck?.diagnostics ?? []), ...(m.moved ?? [])];
  m.diagnostics = need(m.stages, 'stages').checkSiteLinks(siteOf(m), need(m.published, 'published'), m.strict, need(m.loaded, 'config').source, more);
}

/** `--check-code`: its checkers (esbuild, yaml, bash, python3) are loaded only when asked for. */
async function codeStage(m: PlanModel): Promise<void> {
  if (!m.checkCode) return;
  const { checkCode } = await import('../guards/check-code.ts');
  m.codeCheck = await checkCode(need(m.content, 'content').docs);
}

/** Routes the previous build (or the production sitemap) served that this one lost. */
async function movedStage(m: PlanModel, x: Executors): Promise<void> {
  const { config } = need(m.loaded, 'config');
  const previous = await x.previousSitemap?.(m.root, m.previous ?? config.previousSitemap);
  m.moved = previous ? movedPages(sitemapRoutes(previous.xml, config.baseUrl), need(m.routes, 'routes').routes, previous.source) : [];
}

function searchStage(m: PlanModel): SearchDocuments {
  const content = need(m.content, 'content');
  return need(m.stages, 'stages').searchDocumentsByVersion(content.docs, need(m.markdown, 'markdown').rendered, need(m.loaded, 'config').config, content.displayedSidebars);
}

async function writeStage(m: PlanModel, x: Executors, time: Timer): Promise<void> {
  const s = need(m.stages, 'stages');
  await x.output.write(m, s.emitStages(siteOf(m), x.identity(s), m.published, m.search, m.writtenDocs), time);
}

/**
 * The pipeline, in order: config → content and site model (sidebars, navbar, routes,
 * redirects) → Markdown → client bundle → links → pages, search, meta, redirects → write.
 * `docgen build` runs all of it; `docgen dev` the stages a change touches (see `stagesAfter`).
 * Each stage starts once those it reads from have ended (see runner.ts).
 */
export const PLAN: Stage<PlanModel, Executors>[] = [
  { name: 'config', after: [], run: async (m, x) => (m.loaded = await x.readConfig(m.root)) },
  {
    name: 'content',
    after: ['config'],
    run: async (m, x) => {
      Object.assign(m, await x.readInput(m.root, need(m.loaded, 'config')));
      boundHeapGrowth(need(m.content, 'content').docs.length);
    },
  },
  // Beside the content: one git process whose dates only the pages and the sitemap read.
  { name: 'history', after: ['config'], run: async (m, x) => (m.history = await x.readHistory(m.root, need(m.loaded, 'config'))) },
  // Parsing the description holds the main thread: the content is read first, so the docs that name no operation start rendering.
  { name: 'openapi', after: ['config'], startsAfter: ['content'], run: async (m, x) => (m.api = (await x.readApi(m.root, need(m.loaded, 'config'))) ?? null) },
  // Beside the Markdown: pages render from the parsed description while the validator compiles; an error here still stops the build.
  { name: 'openapi-valid', after: ['openapi'], run: async (m, x) => m.api && x.validateApi(m.root, m.api) },
  { name: 'operations', after: ['content', 'openapi'], run: (m) => (m.operations = operationsByDoc(need(m.content, 'content').docs, need(m.api, 'openapi') ?? undefined)) },
  // Before the Markdown, whose cache look-ups hold this thread: a warm build's output folders are made on a thread meanwhile.
  { name: 'open', after: ['content'], untimed: true, run: (m, x) => x.output.open?.(m) },
  { name: 'markdown', after: ['content'], reads: ['operations'], run: markdownStage },
  { name: 'load', after: ['content'], untimed: true, run: async (m, x) => (m.stages = await x.loadStages()) },
  { name: 'client', after: ['content', 'load'], run: async (m, x) => (m.client = await x.client(need(m.stages, 'stages'), need(m.stages, 'stages').themeConfig(need(m.loaded, 'config').config, need(m.content, 'content')), need(m.stages, 'stages').siteIslands(m.root))) },
  { name: 'routes', after: ['content', 'load'], run: (m) => (m.routes = need(m.stages, 'stages').routeSite(need(m.content, 'content'), need(m.redirectEntries, 'redirects'))) },
  { name: 'prepare', after: ['open', 'client', 'openapi', 'history'], untimed: true, run: async (m, x) => x.output.prepare(m, need(m.stages, 'stages')) },
  { name: 'search', after: ['markdown', 'load'], run: (m) => (m.search = searchStage(m)) },
  { name: 'render', after: ['markdown', 'prepare'], run: async (m, x) => (m.writtenDocs = await x.output.finishEarly()) },
  // Beside the Markdown, which it does not read: its schemas compile while the workers render.
  { name: 'examples', after: ['content', 'load', 'openapi'], startsAfter: ['operations'], run: async (m, x) => (m.examples = await need(m.stages, 'stages').checkExamples(need(m.content, 'content').docs, need(m.api, 'openapi') ?? undefined, need(m.loaded, 'config').config.apiBaseUrl, x.openapiCache)) },
  { name: 'code', after: ['content'], run: codeStage },
  { name: 'moved', after: ['routes'], run: movedStage },
  { name: 'links', after: ['routes', 'markdown', 'prepare', 'examples', 'code', 'moved'], run: linksStage },
  { name: 'write', after: ['links', 'search', 'render'], untimed: true, run: writeStage },
];

/** The stages to run again when `changed` ran again: they, and every stage that reads from one of them. */
export function stagesAfter(plan: Stage<PlanModel, Executors>[], changed: Iterable<string>): Set<string> {
  const out = new Set(changed);
  for (const stage of plan) if ([...stage.after, ...(stage.reads ?? [])].some((name) => out.has(name))) out.add(stage.name);
  return out;
}
