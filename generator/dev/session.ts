import path from 'node:path';
import { VERSION } from '../build.ts';
import { THEME_DIR } from '../client/index.ts';
import { CONFIG_FILE, loadConfig, type LoadedConfig } from '../config/index.ts';
import { assembleContent, contentShape, readContentFiles, rereadContentFiles, type ContentFiles, type ContentShape } from '../content/index.ts';
import { docStructure } from '../content/structure.ts';
import { DocgenError, type Diagnostic } from '../errors.ts';
import type { Doc, Redirect } from '../model.ts';
import { MarkdownCache, RenderMemo, renderDocs } from '../markdown/index.ts';
import { makePages } from '../plan/files.ts';
import { pagePathsFor } from '../render/paths.ts';
import { markdownCacheDir } from '../cache-paths.ts';
import { checkSiteLinks } from '../links/site.ts';
import type { Site } from '../model.ts';
import { need, PLAN, siteOf, stagesAfter, type Executors, type PlanModel, type PlanOutput } from '../plan/index.ts';
import { runPlan, timer } from '../plan/runner.ts';
import { readRedirects, REDIRECTS_FILE } from '../redirects/index.ts';
import type { MemoryFiles } from './files.ts';
import { ThemeBuilder, type Theme } from './theme.ts';
import { WaitingDocs } from './waiting.ts';

export interface UpdateResult {
  /** Paths of served files whose bytes changed. */
  changed: string[];
  /** Pages must load again: the theme or the config changed. */
  reload: boolean;
  /** False when an error kept the previous files in place. */
  ok: boolean;
}

/** A failure as the overlay and the terminal show it: anything not a DocgenError is wrapped in one. */
export function asDocgenError(err: unknown): DocgenError {
  if (err instanceof DocgenError) return err;
  return new DocgenError(err instanceof Error ? err.message : String(err), undefined, undefined, { cause: err });
}

/**
 * The build's plan (plan/index.ts) run in memory between edits. Inputs (config, files of
 * content/, redirects.json, theme) advance with every change, re-reading only what changed; the
 * plan then runs again from the stages that read a changed input (the others keep the last run's
 * output), reusing every Markdown render whose doc did not change, and the served files are
 * replaced only when no stage failed.
 */
export class DevSession {
  private config?: LoadedConfig;
  private contentFiles?: ContentFiles;
  /** The entries of redirects.json (undefined while it cannot be read). */
  private redirects?: Redirect[];
  private theme?: Theme;
  private cache?: MarkdownCache;
  private memo = new RenderMemo();
  /** Errors of inputs that could not be read, by file (or 'config', 'theme'), kept until fixed. */
  private readonly inputErrors = new Map<string, DocgenError>();
  /** The error that stopped the last run of the stages, if any. */
  private stageError?: DocgenError;
  private site?: Site;
  /** What the last run of the plan knew: the stages a change does not touch are not run again. */
  private lastRun?: PlanModel;
  diagnostics: Diagnostic[] = [];
  /** Runs leave docs missing from the cache for later (a start on a cold cache, until `renderRest`). */
  private deferMisses = false;
  /** Docs whose Markdown was left for later, by their pages. */
  private readonly waitingDocs = new WaitingDocs();

  /** The path the site is served under: the config's `baseUrl`, `/` until a config is read. */
  get baseUrl(): string {
    return this.config?.config.baseUrl ?? '/';
  }

  constructor(
    readonly root: string,
    readonly files: MemoryFiles,
    private readonly themeBuilder = new ThemeBuilder(),
  ) {}

  /** Whether any set of files was produced yet (false: only errors to show). */
  get ready(): boolean {
    return this.site !== undefined;
  }

  get pages(): number {
    return this.site ? this.site.content.docs.length + this.site.content.pages.length : 0;
  }

  /** Everything that currently stops the site from building, first the inputs. */
  errors(): DocgenError[] {
    return [...this.inputErrors.values(), ...(this.stageError ? [this.stageError] : [])];
  }

  /**
   * Read everything and run every stage. With `defer`, docs missing from the Markdown cache are
   * not rendered yet: their pages are rendered when asked for (`prepare`), the rest by the next
   * run (`update([])`), so the server answers in about a second even on a cold cache.
   */
  start(defer = false): Promise<UpdateResult> {
    this.deferMisses = defer;
    return this.update([path.join(this.root, CONFIG_FILE), THEME_DIR]);
  }

  /**
   * Render the Markdown the start left for later, on the worker pool, while edits go on being
   * applied; the next run (`update([])`) then has every doc and leaves nothing for later.
   */
  async renderRest(): Promise<void> {
    const { site, config, cache } = this;
    if (site && config && cache && this.deferring) {
      const ids = this.waitingDocs.ids;
      try {
        await renderDocs(site.content, config.config, cache, this.root, { only: site.content.docs.filter((d) => ids.has(d.id)), memo: this.memo });
      } catch {
        // A doc that does not render: the next run renders it again and reports it.
      }
    }
    this.deferMisses = false;
  }

  /** Whether some docs still wait for their Markdown (a deferred start). */
  get deferring(): boolean {
    return this.waitingDocs.count > 0;
  }

  /** How many docs wait for their Markdown. */
  get waiting(): number {
    return this.waitingDocs.count;
  }

  /** Whether a file is the page of a doc whose Markdown waits. */
  isDeferred(rel: string): boolean {
    return this.waitingDocs.docOf(rel) !== undefined;
  }

  /**
   * Make a file ready to serve: the page of a doc that waits for its Markdown is rendered now;
   * the search files wait until every doc is rendered.
   */
  async prepare(rel: string): Promise<void> {
    // A run that replaced the site meanwhile may still leave the doc waiting: render it again.
    for (let tries = 0; tries < 3; tries++) {
      const id = this.waitingDocs.docOf(rel);
      if (id === undefined) break;
      await this.waitingDocs.render(id, () => this.renderDeferred(id));
    }
    if (SEARCH_FILES.test(rel)) await this.waitingDocs.all();
  }

  private async renderDeferred(id: string): Promise<void> {
    const { site, config, cache, theme } = this;
    const doc = site?.content.docs.find((d) => d.id === id);
    if (!site || !config || !cache || !theme || !doc) return;
    try {
      const { rendered } = await renderDocs(site.content, config.config, cache, this.root, { only: [doc], memo: this.memo });
      // A run that finished meanwhile rendered every doc: its files are current.
      if (this.site?.content !== site.content) return;
      this.site = { ...this.site, rendered: new Map([...this.site.rendered, ...rendered]) };
      const files = makePages({ ...this.site, identity: theme.identity }).doc(id);
      this.files.replaceSome(files);
      this.waitingDocs.shown(files.map((f) => f.path));
    } catch {
      // A Markdown error: the next run of the stages reports it.
    }
  }

  /**
   * Apply changed files (absolute paths) and run the stages again. `served` is told as soon as
   * the new files are served, before the links are checked (which changes no file).
   */
  async update(changed: Iterable<string>, served?: (result: UpdateResult) => void): Promise<UpdateResult> {
    // Inputs that failed before are read again, so fixing one clears its error.
    const paths = new Set([...changed, ...[...this.inputErrors.keys()].filter((k) => path.isAbsolute(k))]);
    const under = (dir: string) => [...paths].some((p) => p === dir || p.startsWith(dir + path.sep));
    // What changed decides where the plan starts again: the Markdown at least (docs left for later).
    const rerun = new Set(['markdown']);
    if ((!this.config || paths.has(path.join(this.root, CONFIG_FILE))) && (await this.readConfig())) rerun.add('config');
    if (!this.redirects || this.inputErrors.has('redirects') || paths.has(path.join(this.root, REDIRECTS_FILE))) rerun.add(this.readRedirects());
    if ((!this.theme || under(THEME_DIR)) && (await this.buildTheme())) rerun.add('load');
    const reload = rerun.has('config') || rerun.has('load');
    if (!this.config || !this.theme) return { changed: [], reload: false, ok: false };
    const contentDir = path.join(this.root, 'content');
    if (reload || !this.contentFiles || under(contentDir)) rerun.add(await this.readContent([...paths], contentShape(this.config.config)));
    const shown = !reload && (await this.showDocEdit([...paths], served));
    // After the edited page was shown, the run tells only of further pages (or a reload).
    const told = shown ? (result: UpdateResult) => (result.reload || result.changed.some((p) => p.endsWith('.html'))) && served?.(result) : served;
    return this.run(reload, told, rerun);
  }

  /**
   * An edit to one doc's Markdown that leaves the rest of the doc as it was (front matter,
   * title, route) changes only that doc's page: render and serve it at once. The stages then run
   * as for any change and bring the rest: its source, the search files, the link check.
   */
  private async showDocEdit(paths: string[], served?: (result: UpdateResult) => void): Promise<boolean> {
    const { site, contentFiles, config, cache, theme } = this;
    if (!served || !site || !contentFiles || !config || !cache || !theme || this.stageError || this.inputErrors.size > 0 || paths.length !== 1) return false;
    const read = contentFiles.docs.get(paths[0]);
    const i = read ? site.content.docs.findIndex((d) => d.id === read.id) : -1;
    if (!read || i === -1 || site.content.docs[i] === read) return false;
    // The sidebar a doc shows is set when the sidebars are built; with its structure unchanged, it stays.
    const doc: Doc = read;
    if (docStructure(site.content.docs[i]) !== docStructure(doc)) return false;
    try {
      const docs = [...site.content.docs];
      docs[i] = doc;
      const content = { ...site.content, docs };
      const own = await renderDocs(content, config.config, cache, this.root, { only: [doc], memo: this.memo });
      const rendered = new Map([...site.rendered, ...own.rendered]);
      const files = makePages({ content, rendered, config: config.config, client: site.client, identity: theme.identity }).doc(doc.id);
      this.waitingDocs.shown(files.map((f) => f.path));
      served({ changed: this.files.replaceSome(files), reload: false, ok: true });
      return true;
    } catch {
      // A Markdown error: the run of the stages reports it.
      return false;
    }
  }

  private async readConfig(): Promise<boolean> {
    try {
      const loaded = await loadConfig(this.root);
      this.inputErrors.delete('config');
      if (this.config?.hash === loaded.hash) {
        // The same settings, written otherwise: findings about the file name its new lines.
        this.config = { ...this.config, source: loaded.source };
        return false;
      }
      this.config = loaded;
      // The cache key holds the config hash: a new config starts a new memo and content read.
      this.cache = new MarkdownCache(markdownCacheDir(this.root), `${VERSION}:${loaded.hash}`, true);
      this.memo = new RenderMemo();
      this.contentFiles = undefined;
      return true;
    } catch (err) {
      this.inputErrors.set('config', asDocgenError(err));
      return false;
    }
  }

  /** Read redirects.json; gives the stage that reads it. */
  private readRedirects(): string {
    try {
      this.redirects = readRedirects(this.root);
      this.inputErrors.delete('redirects');
    } catch (err) {
      this.redirects = undefined;
      this.inputErrors.set('redirects', asDocgenError(err));
    }
    return 'content';
  }

  private async buildTheme(): Promise<boolean> {
    try {
      this.theme = await this.themeBuilder.build();
      this.inputErrors.delete('theme');
      return true;
    } catch (err) {
      this.inputErrors.set('theme', asDocgenError(err));
      return false;
    }
  }

  /** Read what changed under content/; gives the stage that reads it. */
  private async readContent(paths: string[], shape: ContentShape): Promise<string> {
    const onError = (key: string, err: DocgenError) => this.inputErrors.set(key, err);
    for (const key of [...this.inputErrors.keys()]) if (path.isAbsolute(key)) this.inputErrors.delete(key);
    try {
      this.contentFiles = this.contentFiles ? await rereadContentFiles(this.contentFiles, this.root, paths, onError) : await readContentFiles(this.root, shape, onError);
      this.inputErrors.delete('content');
    } catch (err) {
      this.inputErrors.set('content', asDocgenError(err));
    }
    return 'content';
  }

  /** dev's executors: the inputs as the session read them, the memo, the theme bundle, the files in memory. */
  private executors(output: PlanOutput): Executors {
    const { config, contentFiles, theme, cache, redirects } = this;
    if (!config || !contentFiles || !theme || !cache || !redirects) throw new Error('dev: the stages run before their input was read');
    return {
      readConfig: async () => config,
      readInput: async () => ({ redirectEntries: redirects, content: assembleContent(contentFiles, config.config) }),
      markdown: () => ({ cache, memo: this.memo, defer: this.deferMisses }),
      loadStages: () => import('../plan/later-stages.ts'),
      client: (_stages, themeConfig) => this.themeBuilder.clientAssets(themeConfig),
      identity: () => theme.identity,
      output,
    };
  }

  /**
   * The files served from memory: replaced when every stage ran, the pages told (`served`), then
   * the links checked (which changes no file; docs without their Markdown have no links or ids
   * yet: checked once every doc is rendered).
   */
  private memoryOutput(result: UpdateResult, served?: (result: UpdateResult) => void): PlanOutput {
    return {
      linksAfterWrite: true,
      prepare: async (m, s) => void (m.published = s.publishedFiles({ config: need(m.loaded, 'config').config, content: need(m.content, 'content'), client: need(m.client, 'client') })),
      finishEarly: async () => undefined,
      write: async (m, files) => {
        result.changed = this.files.replace(files.map((s) => s.files));
        result.ok = true;
        const site = siteOf(m);
        this.site = site;
        this.stageError = undefined;
        this.deferLater(site, new Set(need(m.markdown, 'markdown').deferred));
        served?.(result);
        if (!this.deferring) this.diagnostics = checkSiteLinks(site, need(m.published, 'published'), false, need(m.loaded, 'config').source);
      },
    };
  }

  /**
   * The plan, from the stages the change touches on (`rerun`), the rest as the last run left
   * them; the files are replaced on success.
   */
  private async run(reload: boolean, served: ((result: UpdateResult) => void) | undefined, rerun: Set<string>): Promise<UpdateResult> {
    if (!this.config || !this.contentFiles || !this.theme || !this.cache || !this.redirects) return { changed: [], reload: false, ok: false };
    const result: UpdateResult = { changed: [], reload, ok: false };
    const last = this.lastRun;
    const again = stagesAfter(PLAN, rerun);
    const skip = new Set(last ? PLAN.map((s) => s.name).filter((name) => !again.has(name)) : []);
    const model: PlanModel = { ...(last ?? { root: this.root, strict: false }), loaded: this.config };
    try {
      await runPlan(PLAN, model, this.executors(this.memoryOutput(result, served)), timer({}), skip);
      this.lastRun = model;
      return result;
    } catch (err) {
      this.stageError = asDocgenError(err);
      this.lastRun = undefined;
      this.deferLater(undefined, new Set());
      return { changed: [], reload: false, ok: false };
    }
  }

  /** Note the pages of the docs left for later; with none left, release what waited for them. */
  private deferLater(site: Site | undefined, ids: Set<string>): void {
    const { theme } = this;
    const pages = new Map<string, string>();
    if (site && theme) for (const d of site.content.docs) if (ids.has(d.id)) for (const p of pagePathsFor(d.route)) pages.set(p, d.id);
    this.waitingDocs.set(pages);
  }

  /**
   * Forget every Markdown render kept in memory: their HTML is read from the disk cache when a
   * page is produced, and another process (`docgen build` pruning the cache) removed some. The
   * next run looks every doc up again and renders those whose entry is gone.
   */
  forgetRenders(): void {
    this.memo = new RenderMemo();
  }

  /** Whether a path is one the session reads (the watcher's filter). */
  watches(p: string): boolean {
    const content = path.join(this.root, 'content');
    return p === path.join(this.root, CONFIG_FILE) || p === path.join(this.root, REDIRECTS_FILE) || p.startsWith(content + path.sep) || p.startsWith(THEME_DIR + path.sep);
  }

  async close(): Promise<void> {
    await this.themeBuilder.dispose();
  }
}

/** The files that hold every doc's sections. */
const SEARCH_FILES = /^(search-files\.json|search-doc-\d+\.json|lunr-index-\d+\.json)$/;
