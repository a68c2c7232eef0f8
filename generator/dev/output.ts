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
  /** A newer edit waits: the files are left as they are (see DevSession.supersede). */
  stale?: () => boolean;
}

/** A page served on its own, from its doc's Markdown and the rest of the last run's site. */
function serveEarly(run: DevRun, m: PlanModel, doc: Doc, rendered: Rendered): string[] | undefined {
  const last = m.markdown;
  if (!run.early.has(doc.id) || !last || !m.client || !m.stages) return undefined;
  try {
    const input = { content: need(m.content, 'content'), rendered: new Map([...last.rendered, [doc.id, rendered]]), config: need(m.loaded, 'config').config, client: m.client, identity: run.identity, history: m.history };
    const files = m.stages.makePages(input).doc(doc.id);
    run.shown(files.map((f) => f.path));
    return run.files.replaceSome(files);
  } catch {
    // The run that goes on reports it.
    return undefined;
  }
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
 * `onDoc`, as soon as its Markdown is ready, like the pages build writes while the Markdown renders.
 */
export function memoryOutput(run: DevRun, result: UpdateResult): PlanOutput {
  let toldEarly = run.toldBefore === true;
  return {
    linksAfterWrite: true,
    onDoc: (m, doc, rendered) => {
      const changed = serveEarly(run, m, doc, rendered);
      // Made again as it was served before the run: nothing new to tell.
      if (!changed || !run.served || (toldEarly && !changed.length)) return;
      toldEarly = true;
      run.served({ changed, reload: false, ok: true });
    },
    prepare: async (m, s) => {
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
