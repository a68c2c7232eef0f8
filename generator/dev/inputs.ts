import path from 'node:path';
import { VERSION } from '../build.ts';
import { THEME_DIR } from '../client/index.ts';
import { CONFIG_FILE, loadConfig, type LoadedConfig } from '../config/index.ts';
import { assembleContent, contentShape, readContentFiles, rereadContentFiles, type ContentFiles } from '../content/index.ts';
import { readHistory } from '../history/index.ts';
import type { Executors, PlanOutput } from '../plan/index.ts';
import { DocgenError } from '../errors.ts';
import { RenderMemo } from '../markdown/index.ts';
import { HighlighterThread } from '../markdown/highlighter-thread.ts';
import { siteIslands } from '../components/registry.ts';
import { DevMarkdownCache } from './cache.ts';
import type { Doc, Redirect } from '../model.ts';
import type { ApiDescription } from '../openapi/model.ts';
import { esbuildCacheDir, markdownCacheDir, openapiCacheDir } from '../cache-paths.ts';
import { readRedirects, REDIRECTS_FILE } from '../redirects/index.ts';
import { ThemeBuilder, type Theme } from './theme.ts';
import { VERSIONED_DOCS, VERSIONED_SIDEBARS, VERSIONS_FILE } from '../versions/files.ts';

/** A failure as the overlay and the terminal show it: anything not a DocgenError is wrapped in one. */
export function asDocgenError(err: unknown): DocgenError {
  if (err instanceof DocgenError) return err;
  return new DocgenError(err instanceof Error ? err.message : String(err), undefined, undefined, { cause: err });
}

/**
 * What dev's runs read, advanced with every change by re-reading only what changed: the config
 * (with the Markdown cache and memo that belong to it), the files of content/, redirects.json and
 * the theme bundle. An input that cannot be read keeps its error until it is fixed.
 */
/** A site this large starts without reading its docs' Markdown from the cache, and has its file watcher started once a first page is served. */
export const LARGE_SITE_PAGES = 2000;

/** The languages whose grammars a large site's cold start uses ahead of its first page: the commonest in API docs. */
const WARM_LANGUAGES = ['ts', 'js', 'json', 'bash'];

export class DevInputs {
  config?: LoadedConfig;
  contentFiles?: ContentFiles;
  /** The entries of redirects.json (undefined while it cannot be read). */
  redirects?: Redirect[];
  theme?: Theme;
  /** The config's OpenAPI description (undefined: none, or it cannot be read). */
  api?: ApiDescription;
  cache?: DevMarkdownCache;
  /** Markdown rendered in this process, for the current config. */
  memo = new RenderMemo();
  /** A large site's cold start: the highlighter of the first page asked for, warmed while the site is read (see warmHighlighter). */
  private highlighter?: HighlighterThread;
  private highlighterStarted = false;
  /** Errors of inputs that could not be read, by file (or 'config', 'theme'), kept until fixed. */
  readonly errors = new Map<string, DocgenError>();

  constructor(
    readonly root: string,
    readonly themeBuilder = new ThemeBuilder(esbuildCacheDir(root)),
  ) {}

  /**
   * Read again what `paths` touch (and inputs that failed before); gives the stages whose input
   * changed, the Markdown always (docs left for later, pages asked for).
   */
  async read(changed: Iterable<string>): Promise<Set<string>> {
    // Inputs that failed before are read again, so fixing one clears its error.
    const paths = new Set([...changed, ...[...this.errors.keys()].filter((k) => path.isAbsolute(k))]);
    const under = (dir: string) => [...paths].some((p) => p === dir || p.startsWith(dir + path.sep));
    const rerun = new Set(['markdown']);
    // The versions are part of the config (versions.json completes it); a version's sidebars are read with its docs.
    const versionsChanged = paths.has(path.join(this.root, VERSIONS_FILE));
    if ((!this.config || versionsChanged || paths.has(path.join(this.root, CONFIG_FILE))) && (await this.readConfig())) rerun.add('config');
    if (this.config) this.startClient();
    if (under(path.join(this.root, VERSIONED_SIDEBARS))) this.contentFiles = undefined;
    if (!this.redirects || this.errors.has('redirects') || paths.has(path.join(this.root, REDIRECTS_FILE))) rerun.add(this.readRedirects());
    if ((!this.theme || under(THEME_DIR)) && (await this.buildTheme())) rerun.add('load');
    const apiFile = this.apiFile;
    if (rerun.has('config') || this.errors.has('openapi') || (apiFile !== undefined && paths.has(apiFile))) rerun.add(await this.readApi());
    if (!this.config || !this.theme) return rerun;
    const reload = rerun.has('config') || rerun.has('load');
    if (reload || !this.contentFiles || under(path.join(this.root, 'content')) || under(path.join(this.root, VERSIONED_DOCS))) rerun.add(await this.readContent([...paths]));
    return rerun;
  }

  /** The client bundle starts compiling while the content is read (see ThemeBuilder.startClient); the client stage reports what fails. */
  private startClient(): void {
    try {
      this.themeBuilder.startClient(() => siteIslands(this.root));
    } catch {
      // The client stage reads the islands again and reports the error.
    }
  }

  private async readConfig(): Promise<boolean> {
    try {
      const loaded = await loadConfig(this.root);
      this.errors.delete('config');
      if (this.config?.hash === loaded.hash) {
        // The same settings, written otherwise: findings about the file name its new lines.
        this.config = { ...this.config, source: loaded.source };
        return false;
      }
      this.config = loaded;
      // The cache key holds the config hash: a new config starts a new memo and content read.
      this.cache = new DevMarkdownCache(markdownCacheDir(this.root), `${VERSION}:${loaded.hash}`, true);
      this.memo = new RenderMemo();
      this.contentFiles = undefined;
      return true;
    } catch (err) {
      this.errors.set('config', asDocgenError(err));
      return false;
    }
  }

  /** Read redirects.json; gives the stage that reads it. */
  private readRedirects(): string {
    try {
      this.redirects = readRedirects(this.root);
      this.errors.delete('redirects');
    } catch (err) {
      this.redirects = undefined;
      this.errors.set('redirects', asDocgenError(err));
    }
    return 'content';
  }

  private async buildTheme(): Promise<boolean> {
    try {
      this.theme = await this.themeBuilder.build();
      this.errors.delete('theme');
      return true;
    } catch (err) {
      this.errors.set('theme', asDocgenError(err));
      return false;
    }
  }

  /** The description's absolute path, when the config names one. */
  get apiFile(): string | undefined {
    const file = this.config?.config.openapi;
    return file === undefined ? undefined : path.resolve(this.root, file);
  }

  /**
   * Read the OpenAPI description; gives the stage that reads it. One that cannot be used keeps
   * the last good one in use (the pages stay as they were) and its error in the overlay.
   */
  private async readApi(): Promise<string> {
    try {
      const file = this.config?.config.openapi;
      this.api = file === undefined ? undefined : await (await import('../openapi/load.ts')).loadDescription(this.root, file, openapiCacheDir(this.root));
      this.errors.delete('openapi');
      return 'openapi';
    } catch (err) {
      this.errors.set('openapi', asDocgenError(err));
      return 'markdown';
    }
  }

  /** Read what changed under content/; gives the stage that reads it. */
  private async readContent(paths: string[]): Promise<string> {
    const onError = (key: string, err: DocgenError) => this.errors.set(key, err);
    for (const key of [...this.errors.keys()]) if (path.isAbsolute(key)) this.errors.delete(key);
    try {
      if (this.contentFiles) this.contentFiles = await rereadContentFiles(this.contentFiles, this.root, paths, onError);
      else this.warmHighlighter((this.contentFiles = await readContentFiles(this.root, contentShape(this.config!.config), onError)));
      this.errors.delete('content');
    } catch (err) {
      this.errors.set('content', asDocgenError(err));
    }
    return 'content';
  }

  /**
   * On a large site with a cold cache, the first page asked for is rendered in this thread while
   * the reader waits: its code is highlighted on a thread that started shiki and used the common
   * grammars while the rest of the site was read, until `closeHighlighter`.
   */
  private warmHighlighter(files: ContentFiles): void {
    if (this.highlighterStarted || files.docs.size < LARGE_SITE_PAGES || !this.cache?.isEmpty()) return;
    this.highlighter = new HighlighterThread(WARM_LANGUAGES);
    this.highlighterStarted = true;
  }

  get highlighterWarm(): boolean {
    return this.highlighter !== undefined;
  }

  /** The first page was served: its highlighter is not needed any more. */
  closeHighlighter(): void {
    void this.highlighter?.close();
    this.highlighter = undefined;
  }

  /**
   * dev's executors: the inputs as read, the memo, the theme bundle, the files in memory; with
   * `defer`, the docs it names whose Markdown is not in the cache are left for later, and on a
   * large site those in the cache too (reading thousands of entries would delay the first page).
   */
  executors(output: PlanOutput, defer?: (doc: Doc) => boolean): Executors {
    const { config, contentFiles, theme, cache, redirects, memo, themeBuilder } = this;
    if (!config || !contentFiles || !theme || !cache || !redirects) throw new Error('dev: the stages run before their input was read');
    return {
      readConfig: async () => config,
      readInput: async () => ({ redirectEntries: redirects, content: assembleContent(contentFiles, config.config) }),
      // Read again when the config changes: dates then follow the commits made since the start.
      readHistory: (dir, loaded) => readHistory(dir, loaded.config),
      readApi: async () => this.api,
      validateApi: async () => undefined,
      openapiCache: openapiCacheDir(this.root),
      markdown: () => ({ cache, memo, defer, deferHits: contentFiles.docs.size >= LARGE_SITE_PAGES, highlight: this.highlighter?.highlight }),
      loadStages: () => import('../plan/later-stages.ts'),
      client: (_stages, themeConfig, islands) => themeBuilder.clientAssets(themeConfig, islands),
      identity: () => theme.identity,
      output,
    };
  }

  /** Whether a path is one dev reads (the watcher's filter). */
  watches(p: string): boolean {
    const content = path.join(this.root, 'content');
    const inside = (dir: string) => p.startsWith(path.join(this.root, dir) + path.sep);
    return [CONFIG_FILE, REDIRECTS_FILE, VERSIONS_FILE].some((f) => p === path.join(this.root, f)) || p === this.apiFile || p.startsWith(content + path.sep) || inside(VERSIONED_DOCS) || inside(VERSIONED_SIDEBARS) || p.startsWith(THEME_DIR + path.sep);
  }
}
