import { loadConfig } from '../config/index.ts';
import { readContent } from '../content/index.ts';
import type { StageFiles } from './files.ts';
import type { Doc, Rendered, SiteContent } from '../model.ts';
import { MarkdownCache, type WorkerPool } from '../markdown/index.ts';
import { OutputWriter } from '../output/index.ts';
import { cardCacheDir, esbuildCacheDir, markdownCacheDir, openapiCacheDir, outputManifestFile } from '../cache-paths.ts';
import { readRedirects } from '../redirects/read.ts';
import { readHistory } from '../history/index.ts';
import { readPreviousSitemap } from '../guards/previous.ts';
import { EarlyPages } from '../render/early.ts';
import { markdownPathFor, pagePathsFor } from '../render/paths.ts';
import { need, type Executors, type PlanModel, type PlanOutput, type Stages } from './index.ts';
import type { Timer } from './runner.ts';

export interface BuildSettings {
  root: string;
  outDir: string;
  /** False: neither the Markdown cache nor the previous output is reused. */
  reuse: boolean;
  /** Markdown workers started before anything else loaded (see markdown/prestart.ts). */
  pool?: WorkerPool;
  /** The generator's version, in every Markdown cache key. */
  version: string;
}

/**
 * The output folder: every page's folder made and the files that need no Markdown written
 * while the Markdown renders (file system calls are slow on our VMs), the doc pages written as
 * their Markdown is ready (EarlyPages), files the previous build wrote with the same key
 * hard-linked from it (OutputWriter), and the whole swapped in at the end.
 */
export class FolderOutput implements PlanOutput {
  early?: EarlyPages;
  writer?: OutputWriter;

  constructor(private readonly settings: BuildSettings) {}

  private earlyFor(m: PlanModel): EarlyPages {
    return (this.early ??= new EarlyPages(need(m.content, 'content')));
  }

  onDoc = (m: PlanModel, doc: Doc, rendered: Rendered): void => this.earlyFor(m).add(doc, rendered);

  /**
   * The output folder. When the previous build's files are linked on a thread (a warm build of
   * a large site), that thread makes the pages' folders now, while this one looks the Markdown
   * up; else `prepare` makes them, once the workers have their first docs.
   */
  open(m: PlanModel): void {
    const { outDir, reuse, root } = this.settings;
    this.writer = new OutputWriter(outDir, reuse ? outputManifestFile(root, outDir) : undefined);
    if (this.writer.threaded) this.makeFolders(need(m.content, 'content'));
  }

  private makeFolders(content: SiteContent): void {
    need(this.writer, 'output').makeDirs([...content.docs, ...content.pages].flatMap((d) => [...pagePathsFor(d.route), markdownPathFor(d.route)]));
  }

  async prepare(m: PlanModel, s: Stages): Promise<void> {
    const { reuse, root } = this.settings;
    const content = need(m.content, 'content');
    const config = need(m.loaded, 'config').config;
    const client = need(m.client, 'client');
    const output = need(this.writer, 'output');
    if (!output.threaded) this.makeFolders(content);
    m.published = s.publishedFiles({ config, content, client, api: m.api, history: m.history, cardCache: reuse ? cardCacheDir(root) : undefined });
    await output.writeAll(m.published);
    const early = this.earlyFor(m);
    early.start(() => s.makePages({ content, rendered: early.rendered, config, client, identity: s.generatorIdentity(), history: m.history }).doc, output);
  }

  finishEarly(): Promise<ReadonlySet<string>> {
    return need(this.early, 'early pages').finish();
  }

  /** Nothing is written when the links failed. */
  async write(m: PlanModel, files: StageFiles[], time: Timer): Promise<void> {
    if (need(m.diagnostics, 'links').some((d) => d.severity === 'error')) return;
    const output = need(this.writer, 'output');
    for (const { stage, files: produced } of files) {
      // The published files were written while the Markdown rendered.
      if (produced !== m.published) await time(stage, () => output.writeAll(produced));
    }
    await time('output', () => output.commit());
  }

  /** The build failed: stop writing, drop the temporary folder. */
  async abort(): Promise<void> {
    await this.early?.stop();
    await this.writer?.abort();
  }
}

/** `docgen build`'s executors: the whole input read, the disk cache, early workers, the output folder. */
export function buildExecutors(settings: BuildSettings, output: FolderOutput): Executors {
  const { root, reuse, pool, version } = settings;
  // Where esbuild's output is kept between builds: the config, the page modules, the client bundle.
  const compiled = (dir: string) => (reuse ? esbuildCacheDir(dir) : undefined);
  return {
    readConfig: (dir) => loadConfig(dir, compiled(dir)),
    readInput: async (dir, loaded) => {
      return { redirectEntries: readRedirects(dir), content: await readContent(dir, loaded.config, compiled(dir)) };
    },
    readHistory: (dir, loaded) => readHistory(dir, loaded.config),
    // The validator (Ajv and the OpenAPI schemas) is loaded only by a site that has a description.
    readApi: async (dir, loaded) => (loaded.config.openapi === undefined ? undefined : (await import('../openapi/load.ts')).readDescription(dir, loaded.config.openapi, reuse ? openapiCacheDir(dir) : undefined)),
    validateApi: async (dir, api) => (await import('../openapi/load.ts')).checkDescription(api, reuse ? openapiCacheDir(dir) : undefined),
    openapiCache: reuse ? openapiCacheDir(root) : undefined,
    markdown: (hash) => ({ cache: new MarkdownCache(markdownCacheDir(root), `${version}:${hash}`, reuse), pool }),
    loadStages: () => import('./later-stages.ts'),
    client: (s, theme, islands) => s.buildClient(theme, { islands: islands.files, cacheDir: compiled(root) }),
    identity: (s) => s.generatorIdentity(),
    output,
    previousSitemap: (dir, given) => readPreviousSitemap(dir, settings.outDir, given),
  };
}
