import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VERSION } from '../build.ts';
import { THEME_DIR, themeConfig } from '../client/index.ts';
import { CONFIG_FILE, loadConfig, type LoadedConfig } from '../config/index.ts';
import { assembleContent, contentShape, readContentFiles, rereadContentFiles, type ContentFiles, type ContentShape } from '../content/index.ts';
import { docStructure } from '../content/structure.ts';
import { DocgenError, type Diagnostic } from '../errors.ts';
import { docPageFiles, docPagePaths, emitStages, publishedFiles } from '../emit.ts';
import type { Doc } from '../model.ts';
import { MarkdownCache, prerenderDocs, RenderMemo, renderDoc, renderDocs } from '../markdown/index.ts';
import { markdownCacheDir } from '../paths.ts';
import { checkSite, routeSite, type Site } from '../pipeline.ts';
import { REDIRECTS_FILE } from '../redirects/index.ts';
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
 * The build's stages kept in memory between edits. Inputs (config, files of content/, theme)
 * advance with every change, re-reading only what changed; the outputs (the site model, its
 * findings and served files) are computed again from them, reusing every Markdown render whose
 * doc did not change, and replace the previous ones only when no stage failed.
 */
export class DevSession {
  private config?: LoadedConfig;
  private contentFiles?: ContentFiles;
  private theme?: Theme;
  private cache?: MarkdownCache;
  private memo = new RenderMemo();
  /** Errors of inputs that could not be read, by file (or 'config', 'theme'), kept until fixed. */
  private readonly inputErrors = new Map<string, DocgenError>();
  /** The error that stopped the last run of the stages, if any. */
  private stageError?: DocgenError;
  private site?: Site;
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
        await prerenderDocs(site.content.docs.filter((d) => ids.has(d.id)), config.config, cache, this.memo);
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
    const i = site ? site.content.docs.findIndex((d) => d.id === id) : -1;
    if (!site || !config || !cache || !theme || i === -1) return;
    try {
      const rendered = await renderDoc(site.content.docs[i], site.content, config.config, cache, this.root, this.memo);
      // A run that finished meanwhile rendered every doc: its files are current.
      if (this.site !== site) return;
      site.rendered[i] = rendered;
      const files = docPageFiles(site.content, site.rendered, config.config, site.client, theme.identity, i);
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
    let reload = false;
    if (!this.config || paths.has(path.join(this.root, CONFIG_FILE))) {
      reload = (await this.readConfig()) || reload;
    }
    if (!this.theme || under(THEME_DIR)) reload = (await this.buildTheme()) || reload;
    if (!this.config || !this.theme) return { changed: [], reload: false, ok: false };
    const contentDir = path.join(this.root, 'content');
    if (reload || !this.contentFiles || under(contentDir)) await this.readContent([...paths], contentShape(this.config.config));
    const shown = !reload && (await this.showDocEdit([...paths], served));
    // After the edited page was shown, the run tells only of further pages (or a reload).
    const told = shown ? (result: UpdateResult) => (result.reload || result.changed.some((p) => p.endsWith('.html'))) && served?.(result) : served;
    return this.run(reload, told);
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
    const doc: Doc = { ...read, displayedSidebar: site.content.docs[i].displayedSidebar };
    if (docStructure(site.content.docs[i]) !== docStructure(doc)) return false;
    try {
      const docs = [...site.content.docs];
      docs[i] = doc;
      const content = { ...site.content, docs };
      const rendered = [...site.rendered];
      rendered[i] = await renderDoc(doc, content, config.config, cache, this.root, this.memo);
      const files = docPageFiles(content, rendered, config.config, site.client, theme.identity, i);
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
      if (this.config?.hash === loaded.hash) return false;
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

  private async readContent(paths: string[], shape: ContentShape): Promise<void> {
    const onError = (key: string, err: DocgenError) => this.inputErrors.set(key, err);
    for (const key of [...this.inputErrors.keys()]) if (path.isAbsolute(key)) this.inputErrors.delete(key);
    try {
      this.contentFiles = this.contentFiles ? await rereadContentFiles(this.contentFiles, this.root, paths, onError) : await readContentFiles(this.root, shape, onError);
      this.inputErrors.delete('content');
    } catch (err) {
      this.inputErrors.set('content', asDocgenError(err));
    }
  }

  /** Every stage after reading, from the current inputs; the files are replaced on success. */
  private async run(reload: boolean, served?: (result: UpdateResult) => void): Promise<UpdateResult> {
    const { config, contentFiles, theme, cache } = this;
    if (!config || !contentFiles || !theme || !cache) return { changed: [], reload: false, ok: false };
    try {
      const content = assembleContent(contentFiles, config.config);
      const markdown = await renderDocs(content, config.config, cache, this.root, { memo: this.memo, defer: this.deferMisses });
      const client = await this.themeBuilder.clientAssets(themeConfig(config.config, content));
      const site: Site = { config: config.config, content, rendered: markdown.rendered, ...routeSite(this.root, content), client };
      const published = publishedFiles(site);
      const changed = this.files.replace(emitStages(site, theme.identity, published).map((s) => s.files));
      this.site = site;
      this.stageError = undefined;
      this.deferLater(site, new Set(markdown.deferred));
      const result = { changed, reload, ok: true };
      served?.(result);
      // Docs without their Markdown have no links or ids yet: check once every doc is rendered.
      if (!this.deferring) this.diagnostics = checkSite(site, published, false, readFileSync(path.join(this.root, CONFIG_FILE), 'utf8'));
      return result;
    } catch (err) {
      this.stageError = asDocgenError(err);
      this.deferLater(undefined, new Set());
      return { changed: [], reload: false, ok: false };
    }
  }

  /** Note the pages of the docs left for later; with none left, release what waited for them. */
  private deferLater(site: Site | undefined, ids: Set<string>): void {
    const { theme } = this;
    const pages = new Map<string, string>();
    if (site && theme) for (const d of site.content.docs) if (ids.has(d.id)) for (const p of docPagePaths(d.route)) pages.set(p, d.id);
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
