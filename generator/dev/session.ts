import path from 'node:path';
import { openapiCacheDir } from '../cache-paths.ts';
import { THEME_DIR } from '../client/index.ts';
import { CONFIG_FILE } from '../config/index.ts';
import { docReadFrom } from '../content/versions.ts';
import { assembleContent } from '../content/index.ts';
import { docStructure } from '../content/structure.ts';
import { readHistory } from '../history/index.ts';
import type { DocgenError, Diagnostic } from '../errors.ts';
import { renderDocs, RenderMemo } from '../markdown/index.ts';
import { pagePathsFor } from '../render/paths.ts';
import { checkSiteLinks } from '../links/site.ts';
import type { Doc, Site } from '../model.ts';
import { need, PLAN, siteOf, stagesAfter, type Executors, type PlanModel, type PlanOutput } from '../plan/index.ts';
import { runPlan } from '../plan/runner.ts';
import { nextTurn, showEdited, yieldingTimer } from './edited.ts';
import type { MemoryFiles } from './files.ts';
import { asDocgenError, DevInputs } from './inputs.ts';
import { memoryOutput, type UpdateResult } from './output.ts';
import type { ThemeBuilder } from './theme.ts';
import { Abandoned, quietFor, RunTurns, type RunTurn } from './turns.ts';
import { SEARCH_FILES, WaitingDocs } from './waiting.ts';
import { StartRequests } from './start-requests.ts';

/** A run of the plan: the stages to run again, which pages to serve early, whom to tell. */
interface RunRequest {
  rerun: Set<string>;
  reload: boolean;
  early: ReadonlySet<string>;
  served?: (result: UpdateResult) => void;
  /** A doc whose Markdown alone changed: its page is served before the stages run (see showEdited). */
  edited?: Doc;
  /** An edit's run, which a newer edit may end between stages (`supersede`). */
  abandonable?: boolean;
}

/**
 * The build's plan (plan/index.ts) run in memory between edits. Inputs advance with every change
 * (inputs.ts); the plan then runs again from the stages that read a changed input (the others
 * keep the last run's output), reusing every Markdown render whose doc did not change, and the
 * served files are replaced only when no stage failed. Runs take turns.
 */
export class DevSession {
  private readonly inputs: DevInputs;
  /** The error that stopped the last run of the stages, if any. */
  private stageError?: DocgenError;
  private site?: Site;
  /** What the last run of the plan knew: the stages a change does not touch are not run again. */
  private lastRun?: PlanModel;
  private readonly turns = new RunTurns();
  /** How long the last complete run of the stages took (ms). */
  private lastRunMs = 0;
  /** The wait before the run of an edit whose page was served (turns.ts), by the last run's length. */
  quiet = quietFor;
  diagnostics: Diagnostic[] = [];
  /** Runs leave docs missing from the cache for later (a start on a cold cache, until `renderRest`), but for the pages asked for. */
  private deferMisses = false;
  private readonly asked = new Set<string>();
  /** Docs whose Markdown was left for later, by their pages. */
  private readonly waitingDocs = new WaitingDocs();
  /** Settles once a page was served: the first page a reader opens. */
  private firstAsked?: () => void;
  readonly firstPage = new Promise<void>((resolve) => (this.firstAsked = resolve));
  /** Pages asked for while the start's first run goes on: served as soon as they are made. */
  readonly startRequests = new StartRequests();

  constructor(
    readonly root: string,
    readonly files: MemoryFiles,
    themeBuilder?: ThemeBuilder,
  ) {
    this.inputs = new DevInputs(root, themeBuilder);
  }

  /** The path the site is served under: the config's `baseUrl`, `/` until a config is read. */
  get baseUrl(): string {
    return this.inputs.config?.config.baseUrl ?? '/';
  }

  /** Whether any set of files was produced yet (false: only errors to show). */
  get ready(): boolean {
    return this.site !== undefined;
  }

  /** The site's docs (Markdown pages), what makes it large (see LARGE_SITE_PAGES). */
  get docs(): number {
    return this.site ? this.site.content.docs.length : 0;
  }

  get pages(): number {
    return this.site ? this.site.content.docs.length + this.site.content.pages.length : 0;
  }

  /** Everything that currently stops the site from building, first the inputs. */
  errors(): DocgenError[] {
    return [...this.inputs.errors.values(), ...(this.stageError ? [this.stageError] : [])];
  }

  /**
   * Read everything and run every stage. With `defer`, docs missing from the Markdown cache are
   * not rendered yet: their pages are rendered when asked for (`prepare`), the rest by the next
   * run (`update([])`), so the server answers in about a second even on a cold cache.
   */
  start(defer = false): Promise<UpdateResult> {
    this.deferMisses = defer;
    return this.update([path.join(this.root, CONFIG_FILE), THEME_DIR]).finally(() => this.startRequests.end());
  }

  /**
   * Fill the memo with the Markdown the start left for later, on the worker pool, while edits go
   * on being applied; the next run (`update([])`) then finds every doc and leaves nothing for later.
   */
  async renderRest(): Promise<void> {
    const { site, inputs } = this;
    if (site && inputs.config && inputs.cache && this.deferring) {
      const ids = this.waitingDocs.ids;
      try {
        const only = site.content.docs.filter((d) => ids.has(d.id));
        // With the operations they name, or the memo would not answer for them.
        await renderDocs(site.content, inputs.config.config, inputs.cache, this.root, { only, memo: inputs.memo, operations: this.lastRun?.operations });
      } catch {
        // A doc that does not render: the next run renders it again and reports it.
      }
    }
    this.deferMisses = false;
  }

  /** Whether a highlighter thread waits, warm, for the first page's code (see DevInputs.warmHighlighter). */
  get highlighterWarm(): boolean {
    return this.inputs.highlighterWarm;
  }

  /** The first page was served (see DevInputs.closeHighlighter). */
  firstPageDone(): void {
    this.inputs.closeHighlighter();
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

  /** A page was produced for a reader: the start's work that no page waits for may begin. */
  pageServed(): void {
    this.firstAsked?.();
  }

  /**
   * Make a file ready to serve: for the page of a doc that waits for its Markdown, the plan runs
   * again with that doc no longer left for later, its page served as soon as its Markdown is
   * ready; the search files wait until every doc is rendered.
   */
  async prepare(rel: string): Promise<void> {
    // A run that replaced the site meanwhile may still leave the doc waiting: ask again.
    for (let tries = 0; tries < 3; tries++) {
      const id = this.waitingDocs.docOf(rel);
      if (id === undefined) break;
      this.asked.add(id);
      await this.waitingDocs.render(id, (shown) => Promise.race([shown, this.run({ rerun: new Set(['markdown']), reload: false, early: new Set([id]) })]));
    }
    if (SEARCH_FILES.test(rel)) await this.waitingDocs.all();
  }

  /**
   * Apply changed files (absolute paths) and run the stages again. `served` is told as soon as
   * the new files are served, before the links are checked (which changes no file).
   */
  async update(changed: Iterable<string>, served?: (result: UpdateResult) => void): Promise<UpdateResult> {
    const paths = [...changed];
    const rerun = await this.inputs.read(paths);
    this.startRequests.inputsReadNow();
    const reload = rerun.has('config') || rerun.has('load');
    // Without anyone to tell, nothing is served early: the result lists every changed file.
    const edited = reload || !served ? undefined : this.editedDoc(paths);
    // An edited doc is rendered now, even while the rest of a cold start waits.
    if (edited !== undefined) this.asked.add(edited.id);
    return this.run({ rerun, reload, early: new Set(edited === undefined ? [] : [edited.id]), served, edited, abandonable: !reload });
  }

  /**
   * A newer edit waits: the edit's run going on stops before its next stage (see `carried`), so
   * that edit's page is served without waiting for stages whose output it replaces anyway.
   * Runs that reload the pages, and those that serve a page asked for, go on.
   */
  supersede(): void {
    this.turns.supersede();
  }

  /**
   * An edit to one doc's Markdown that leaves the rest of the doc as it was (front matter, title,
   * route) changes only that doc's page: it is served as soon as its Markdown is ready, the run
   * then brings the rest (its source, the search files, the link check).
   */
  private editedDoc(paths: string[]): Doc | undefined {
    const { site, inputs } = this;
    // After an ended run, other docs may have changed in ways the last run's site does not show.
    if (!site || !inputs.contentFiles || this.stageError || this.turns.carried?.bodiesOnly === false || inputs.errors.size > 0 || paths.length !== 1) return undefined;
    const read = docReadFrom(inputs.contentFiles, paths[0]);
    const before = read && site.content.docs.find((d) => d.id === read.id);
    // The sidebar a doc shows is set when the sidebars are built; with its structure unchanged, it stays.
    return before && before !== read && docStructure(before) === docStructure(read) ? read : undefined;
  }

  /** The plan, once the run before it ended: what `request.rerun` touches runs again, the rest as the last run left it. */
  private run(request: RunRequest): Promise<UpdateResult> {
    return this.turns.run(request, (turn) => this.runStages(request, turn));
  }

  /**
   * Whether a doc missing from the cache is left for later: not when its page was asked for, by
   * a request the session answers (`asked`) or one made during the start, which joins `early`.
   */
  private leavesForLater(doc: Doc, early: Set<string>): boolean {
    if (this.asked.has(doc.id)) return false;
    if (!this.startRequests.asks(doc.route)) return true;
    this.asked.add(doc.id);
    early.add(doc.id);
    return false;
  }

  private async runStages({ rerun: asked, reload, early: earlyAsked, served, edited }: RunRequest, current: RunTurn): Promise<UpdateResult> {
    const { config, contentFiles, theme, cache, redirects } = this.inputs;
    if (!config || !contentFiles || !theme || !cache || !redirects) return { changed: [], reload: false, ok: false };
    const rerun = new Set([...asked, ...(this.turns.carried?.rerun ?? [])]);
    const shown = edited && served ? await showEdited(this.lastRun, edited, this.inputs, this.files, this.root) : [];
    if (shown.length) {
      served!({ changed: shown, reload: false, ok: true });
      await nextTurn();
    }
    // The edit's page is out: the rest can wait for a save that may follow at once.
    if (edited) await current.quiet(this.quiet(this.lastRunMs));
    const started = performance.now();
    const early = new Set(earlyAsked);
    const result: UpdateResult = { changed: [], reload, ok: false };
    const last = this.lastRun;
    const again = stagesAfter(PLAN, rerun);
    const skip = new Set(last ? PLAN.map((s) => s.name).filter((name) => !again.has(name)) : []);
    const model: PlanModel = { ...(last ?? { root: this.root, strict: false }), loaded: config };
    const output = memoryOutput(
      {
        files: this.files,
        identity: theme.identity,
        early,
        served,
        toldBefore: shown.length > 0,
        shown: (paths) => {
          this.waitingDocs.shown(paths);
          this.startRequests.shown(paths);
        },
        replaced: (site, deferred) => this.replaced(site, deferred),
        checked: (m) => this.checkLinks(m),
        sent: () => this.startRequests.sent(),
        stale: () => current.stale,
      },
      result,
    );
    try {
      await runPlan(PLAN, model, this.inputs.executors(output, this.deferMisses ? (d) => this.leavesForLater(d, early) : undefined), yieldingTimer(() => current.stale), skip);
      this.lastRun = model;
      this.lastRunMs = performance.now() - started;
      this.turns.done();
      return result;
    } catch (err) {
      if (err instanceof Abandoned) throw err;
      this.stageError = asDocgenError(err);
      this.turns.done();
      this.lastRun = undefined;
      this.waitingDocs.set(new Map());
      return { changed: [], reload: false, ok: false };
    }
  }

  /** Docs without their Markdown have no links or ids yet: the links are checked once every doc is rendered. */
  private checkLinks(m: PlanModel): void {
    if (!this.deferring) this.diagnostics = checkSiteLinks(siteOf(m), need(m.published, 'published'), false, need(m.loaded, 'config').source, m.examples?.diagnostics);
  }

  /** The files are the site's: note the pages of the docs left for later; with none left, release what waited for them. */
  private replaced(site: Site, deferred: string[]): void {
    this.site = site;
    this.stageError = undefined;
    const ids = new Set(deferred);
    const pages = new Map<string, string>();
    for (const d of site.content.docs) if (ids.has(d.id)) for (const p of pagePathsFor(d.route)) pages.set(p, d.id);
    this.waitingDocs.set(pages);
  }

  /**
   * Forget every Markdown render kept in memory: their HTML is read from the disk cache when a
   * page is produced, and another process (`docgen build` pruning the cache) removed some. The
   * next run looks every doc up again and renders those whose entry is gone.
   */
  forgetRenders(): void {
    this.inputs.memo = new RenderMemo();
    this.inputs.cache?.forget();
  }

  /** Whether a path is one the session reads (the watcher's filter). */
  /** The OpenAPI description's absolute path, once the config names one (the watcher adds it). */
  get apiFile(): string | undefined {
    return this.inputs.apiFile;
  }

  /** The files the last run read its docs and pages from. */
  sourcesRead(): string[] {
    const content = this.lastRun?.content;
    return content ? [...content.docs, ...content.pages].map((d) => path.join(this.root, d.source)) : [];
  }

  watches(p: string): boolean {
    return this.inputs.watches(p);
  }

  async close(): Promise<void> {
    this.inputs.closeHighlighter();
    await this.inputs.themeBuilder.dispose();
  }
}
