import type { Timer } from '../plan/runner.ts';
import { renderDocs } from '../markdown/index.ts';
import type { Doc } from '../model.ts';
import type { PlanModel } from '../plan/index.ts';
import type { MemoryFiles } from './files.ts';
import { Abandoned } from './turns.ts';
import type { DevInputs } from './inputs.ts';

/**
 * The page of a doc whose Markdown alone changed (its structure as it was: see editedDoc),
 * made before the plan runs again: from the last run's site with the doc's new Markdown, which
 * is all that page depends on that changed. On a large site the run that follows takes seconds
 * (the content, the routes, the search files over every doc); the page does not wait for it.
 * Gives the paths served anew (none when the last run cannot make it: the run then does).
 */
export async function showEdited(last: PlanModel | undefined, doc: Doc, inputs: DevInputs, files: MemoryFiles, root: string): Promise<string[]> {
  const { config, cache, memo, theme } = inputs;
  if (!last?.content || !last.markdown || !last.client || !last.stages || !config || !cache || !theme) return [];
  try {
    const content = { ...last.content, docs: last.content.docs.map((d) => (d.id === doc.id ? doc : d)) };
    const { rendered } = await renderDocs(content, config.config, cache, root, { only: [doc], memo, operations: last.operations });
    const own = rendered.get(doc.id);
    if (!own) return [];
    const input = { content, rendered: new Map([...last.markdown.rendered, [doc.id, own]]), config: config.config, client: last.client, identity: theme.identity, history: last.history };
    return files.replaceSome(last.stages.makePages(input).doc(doc.id));
  } catch {
    // The run that follows renders it again and reports what is wrong.
    return [];
  }
}

/** A turn of the event loop: what was written to the pages goes out, and their requests are answered. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Dev's stage timer: each stage starts on a turn of the event loop of its own, so the pages'
 * requests (a reload after an edit) are answered between stages instead of after the whole run.
 * Once `stale` says a newer edit waits, no further stage starts: that edit runs instead of
 * waiting for stages whose output it replaces anyway.
 */
export function yieldingTimer(stale: () => boolean = () => false): Timer {
  return async (_name, fn) => {
    await nextTurn();
    if (stale()) throw new Abandoned();
    return fn();
  };
}
