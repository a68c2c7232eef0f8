import type { Doc, Rendered, Site } from '../model.ts';
import { cardCacheDir } from '../cache-paths.ts';
import { need, siteOf, type PlanModel, type PlanOutput } from '../plan/index.ts';
import { nextTurn } from './edited.ts';
import type { MemoryFiles } from './files.ts';
import { Abandoned } from './turns.ts';

export interface UpdateResult {
  /** Paths of served files whose bytes changed. */
  changed: string[];
  /** Pages must load again: the theme or the config changed. */
  reload: boolean;
  /** False when an error kept the previous files in place. */
  ok: boolean;
  /** A newer edit ended the run before it replaced the files (the next run brings its changes). */
  abandoned?: boolean;
}

/** What dev's output serves into and tells, for one run of the plan. */
export interface DevRun {
  files: MemoryFiles;
  /** The generator and theme code, part of every page's key. */
  identity: string;
  /**
   * Docs whose page is served as soon as their Markdown is ready, before the run ends: a doc whose
   * Markdown alone was edited, a page asked for whose doc waited. The rest of the site is the last
   * run's, which the page reads as it was.
   */
  early: ReadonlySet<string>;
  /** Told as soon as new files are served; after an early page, only of further pages (or a reload). */
  served?: (result: UpdateResult) => void;
  /** The early page was served and told before the run (see showEdited). */
  toldBefore?: boolean;
  /** These pages are current now (their doc waits no more). */
  shown(paths: string[]): void;
  /** The files are replaced: the site they were made from, and the docs left for later. */
  replaced(site: Site, deferred: string[]): void;
  /** The links checked, once the pages were told. */
  checked(m: PlanModel): void;
  /** Settles once the responses of the pages served early are out (see StartRequests.sent). */
  sent?: () => Promise<void>;
  /** A newer edit waits: the files are left as they are (see DevSession.supersede). */
  stale?: () => boolean;
}

/**
 * A page served on its own, from its doc's Markdown and the rest of the last run's site. Before
 * any run served the site (a start), with what the page loads: the client bundle, images and
 * static files.
 */
function serveEarly(run: DevRun, m: PlanModel, doc: Doc, rendered: Rendered): string[] | undefined {
  if (!m.client || !m.stages) return undefined;
  try {
    const content = need(m.content, 'content');
    const input = { content, rendered: new Map([...(m.markdown?.rendered ?? []), [doc.id, rendered]]), config: need(m.loaded, 'config').config, client: m.client, identity: run.identity, history: m.history };
    const page = m.stages.makePages(input).doc(doc.id);
    const files = run.files.size ? page : [...m.stages.pageAssets({ content, client: m.client }), ...page];
    run.shown(files.map((f) => f.path));
    return run.files.replaceSome(files);
  } catch {
    // The run that goes on reports it.
    return undefined;
  }
}

/** How long the published files wait at most for the pages asked for (a doc that fails never comes). */
const EARLY_WAIT = 1000;

/** The docs of `run.early` as they are served: `all` settles once each is (or after EARLY_WAIT). */
function earlyPages(run: DevRun): { served(id: string): void; all(): Promise<void> } {
  const done = new Set<string>();
  let resolve = () => {};
  const settled = new Promise<void>((r) => (resolve = r));
  const check = () => [...run.early].every((id) => done.has(id)) && resolve();
  return {
    served: (id) => {
      done.add(id);
      check();
    },
    all: () => {
      check();
      return Promise.race([settled, new Promise<void>((r) => setTimeout(r, EARLY_WAIT).unref())]);
    },
  };
}

/**
 * A turn of the event loop before a long step that does not go through the stage timer (a save
 * made meanwhile is seen), and the run ends there if that save made it stale.
 */
async function goOn(run: DevRun): Promise<void> {
  await nextTurn();
  if (run.stale?.()) throw new Abandoned();
}

/**
 * dev's output: the files served from memory, replaced when every stage ran, then the pages told
 * (`served`) and the links checked (which changes no file). A page in `run.early` is served from
 * `onDoc`, as soon as its Markdown is ready, like the pages build writes while the Markdown renders;
 * in a start, once the client bundle is ready too, and before the published files are made.
 */
export function memoryOutput(run: DevRun, result: UpdateResult): PlanOutput {
  let toldEarly = run.toldBefore === true;
  /** Docs whose Markdown was ready before the client bundle and the dates (a start): served once they are. */
  const beforeClient: [Doc, Rendered][] = [];
  const early = earlyPages(run);
  const serve = (m: PlanModel, doc: Doc, rendered: Rendered) => {
    const changed = serveEarly(run, m, doc, rendered);
    early.served(doc.id);
    // Made again as it was served before the run: nothing new to tell.
    if (!changed || !run.served || (toldEarly && !changed.length)) return;
    toldEarly = true;
    run.served({ changed, reload: false, ok: true });
  };
  return {
    linksAfterWrite: true,
    onDoc: (m, doc, rendered) => {
      if (!run.early.has(doc.id)) return;
      if (m.client && m.stages && m.history) serve(m, doc, rendered);
      else beforeClient.push([doc, rendered]);
    },
    prepare: async (m, s) => {
      for (const [doc, rendered] of beforeClient.splice(0)) serve(m, doc, rendered);
      // The published files hold the thread a while: the pages asked for go out first.
      await early.all();
      await run.sent?.();
      await goOn(run);
      m.published = s.publishedFiles({ config: need(m.loaded, 'config').config, content: need(m.content, 'content'), client: need(m.client, 'client'), api: m.api, history: m.history, cardCache: cardCacheDir(m.root) });
    },
    finishEarly: async () => undefined,
    write: async (m, files) => {
      await goOn(run);
      result.changed = run.files.replace(files.map((s) => s.files));
      result.ok = true;
      run.replaced(siteOf(m), need(m.markdown, 'markdown').deferred);
      if (!toldEarly || result.reload || result.changed.some((p) => p.endsWith('.html'))) run.served?.(result);
      // The check changes no file: a newer edit's run, which checks again, need not wait for it.
      await nextTurn();
      if (!run.stale?.()) run.checked(m);
    },
  };
}
