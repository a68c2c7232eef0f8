import path from 'node:path';
import { CONFIG_FILE } from '../config/index.ts';
import { isPageFile } from '../render/paths.ts';
import type { BackgroundPages } from './background.ts';
import type { EventHub } from './events.ts';
import type { MemoryFiles } from './files.ts';
import { routeOfFile } from './handler.ts';
import type { Problems } from './problems.ts';
import { CACHE_CHANGED, REST_OF_START, type EditQueue } from './queue.ts';
import type { UpdateResult } from './output.ts';
import type { DevSession } from './session.ts';
import { LARGE_SITE_PAGES } from './inputs.ts';

/** How long a start on a cold cache waits for a first page to be asked before rendering the rest. */
const FIRST_PAGE_GRACE = 2000;
/** Time for the first page's response to be compressed and sent before the start's other work takes the main thread. */
const RESPONSE_GRACE = 100;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Resolves once the first page a reader opens is out, or no one opened one for a while. */
const afterFirstPage = (session: DevSession) => Promise.race([session.firstPage.then(() => delay(RESPONSE_GRACE)), delay(FIRST_PAGE_GRACE)]);

export interface AnnounceParts {
  root: string;
  hub: EventHub;
  background: BackgroundPages;
  log: (line: string) => void;
}

/** Tell the pages what changed (before the links are checked: that changes no page), and print it. */
function announce(parts: AnnounceParts, result: UpdateResult, batch: string[], t0: number): void {
  if (!result.ok) return;
  const { hub, background, log } = parts;
  const ms = () => Math.round(performance.now() - t0);
  if (batch.length === 1 && batch[0] === CACHE_CHANGED) {
    log(`another process changed the Markdown cache: rendered the docs it removed again in ${ms()} ms`);
    background.render(result.changed.filter((p) => p.endsWith('.html')));
    return;
  }
  if (batch.includes(REST_OF_START)) {
    log(`rendered the Markdown of every doc in ${ms()} ms`);
    background.render(result.changed.filter(isPageFile));
    return;
  }
  if (result.reload) {
    hub.send({ type: 'reload' });
    const what = batch.some((p) => p === path.join(parts.root, CONFIG_FILE)) ? 'config' : 'theme';
    log(`reloaded the ${what} in ${ms()} ms; pages reload`);
    background.render(result.changed.filter(isPageFile));
    return;
  }
  const routes = [...new Set(result.changed.map(routeOfFile).filter((r): r is string => r !== undefined))];
  if (routes.length) hub.send({ type: 'update', routes });
  const pages = result.changed.filter(isPageFile);
  if (pages.length) background.render(pages, () => log(`re-rendered ${pages.length} ${pages.length === 1 ? 'page' : 'pages'} in ${ms()} ms`));
  else if (result.changed.length) log(`updated ${result.changed.length} ${result.changed.length === 1 ? 'file' : 'files'} in ${ms()} ms`);
}

/** Resolves when the file watcher may start: at once, or on a large site whose Markdown waits, after the first page (see FIRST_PAGE_GRACE). */
export function watchAfter(session: DevSession): Promise<void> {
  if (!session.deferring || session.docs < LARGE_SITE_PAGES) return Promise.resolve();
  return afterFirstPage(session);
}

/** Apply one batch of changes to the session, announcing the files it serves anew. */
export async function applyBatch(session: DevSession, problems: Problems, parts: AnnounceParts, batch: string[], t0: number): Promise<void> {
  if (batch.includes(CACHE_CHANGED)) session.forgetRenders();
  let announced = false;
  const result = await session
    .update(batch, (served) => {
      announced = true;
      announce(parts, served, batch, t0);
    })
    .catch((err: unknown): UpdateResult => {
      parts.log(`error ${(err as Error).message}`);
      return { changed: [], reload: false, ok: false };
    });
  if (!announced) announce(parts, result, batch, t0);
  problems.renderErrors.clear();
  problems.report();
}

/** The first run of the stages, then the pages rendered in the background and the Markdown a cold start left. */
export async function firstRun(session: DevSession, files: MemoryFiles, parts: AnnounceParts & { url: string; queue: EditQueue; problems: Problems }): Promise<void> {
  const started = performance.now();
  await session.start(true);
  parts.problems.report();
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const later = session.waiting ? `; the Markdown of ${session.waiting} docs renders in the background (read from the cache where it is), a page you open first` : '';
  parts.log(session.ready ? `docgen dev: ${session.pages} pages at ${parts.url}${session.baseUrl.slice(1)} (ready in ${seconds} s${later})` : `docgen dev: ${parts.url} shows the errors above until they are fixed`);
  // The work of the start that no page waits for begins once the first page a reader opens is
  // served (or no one opened one for a while), so that page does not share the processor with it:
  // the pages rendered ahead, the Markdown toolchain's warm-up for the first save, and on a cold
  // cache the Markdown of the docs left for later.
  const firstPageServed = afterFirstPage(session);
  void firstPageServed.then(() => session.firstPageDone());
  void firstPageServed.then(() => parts.background.render([...files.paths()].filter((p) => p.endsWith('.html') && !session.isDeferred(p))));
  // Only a head start: a failure here shows again, with its message, on the first save.
  void firstPageServed.then(warmMarkdown).catch(() => undefined);
  if (session.deferring) {
    const t0 = performance.now();
    void firstPageServed.then(() => session.renderRest()).finally(() => parts.queue.add([REST_OF_START], t0));
  }
}

/**
 * Load the Markdown toolchain and the highlighter now, so the first save renders as fast as
 * the next ones instead of paying their warm-up (about a second).
 */
async function warmMarkdown(): Promise<void> {
  const { renderMarkdown } = await import('../markdown/render.ts');
  await renderMarkdown({ docId: '__warm-up', source: '', body: '# Warm\n\n```js\nconst a = 1;\n```\n', bodyLine: 1, apiBaseUrl: '' });
}
