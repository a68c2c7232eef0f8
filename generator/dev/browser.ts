/**
 * The dev server's script, added to every page it serves: live reload over Server-Sent Events
 * and the error overlay. Plain DOM, no framework: it must run whatever the theme does.
 */
import { stripBase } from '../../common/base.ts';

interface Problem {
  where?: string;
  message: string;
  hint?: string;
}

interface DocgenRuntime {
  /** Set by the theme's client router: fetch the current page's data again and render it in place. */
  refresh?: () => Promise<void>;
}

declare global {
  interface Window {
    __docgen?: DocgenRuntime;
    /** The dev server's own state, for tools and tests: true once its events are connected. */
    __docgenDev?: { connected: boolean };
  }
}

const SCROLL_KEY = 'docgen:dev-scroll';

/** The site's base URL, which the server's routes leave out. */
const base = (document.currentScript as HTMLScriptElement | null)?.dataset.base ?? '/';

/** `/docs/a/`, `/docs/a/index.html` and `/docs/a` are one page (under the base: `/developers/docs/a`). */
function routeOf(pathname: string): string {
  const decoded = decodeURIComponent(pathname);
  let p = (stripBase(base, decoded) ?? decoded).replace(/\/index\.html$/, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

function reloadKeepingScroll(): void {
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ route: routeOf(location.pathname), y: window.scrollY }));
  } catch {
    // Storage refused (private mode): the page reloads at the top.
  }
  location.reload();
}

function restoreScroll(): void {
  let saved: { route: string; y: number } | undefined;
  try {
    saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? 'null') ?? undefined;
    sessionStorage.removeItem(SCROLL_KEY);
  } catch {
    return;
  }
  if (!saved || saved.route !== routeOf(location.pathname)) return;
  const y = saved.y;
  const apply = () => window.scrollTo(0, y);
  if (document.readyState === 'complete') apply();
  else window.addEventListener('load', apply, { once: true });
}

async function refresh(): Promise<void> {
  const runtime = window.__docgen;
  if (typeof runtime?.refresh === 'function') {
    try {
      await runtime.refresh();
      return;
    } catch {
      // The router could not refresh in place: a full load still shows the new content.
    }
  }
  reloadKeepingScroll();
}

let dismissed = '';

/** Problems as plain text in a shadow root (the site's CSS cannot hide or restyle it). */
function showProblems(problems: Problem[]): void {
  const text = JSON.stringify(problems);
  document.getElementById('__docgen-overlay')?.remove();
  if (!problems.length || text === dismissed) return;
  const host = document.createElement('div');
  host.id = '__docgen-overlay';
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = `
    .panel { position: fixed; inset: 0; z-index: 2147483647; overflow: auto; padding: 2rem; background: rgba(10, 12, 24, 0.94); color: #f5f5f5; font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; }
    h2 { margin: 0 0 1rem; color: #ff8a8a; font-size: 1.1rem; }
    pre { margin: 0 0 1rem; padding: 1rem; white-space: pre-wrap; background: #1c1f33; border-left: 4px solid #ff5c5c; }
    .where { color: #8ab4ff; }
    button { position: absolute; top: 1rem; right: 1rem; font: inherit; color: inherit; background: none; border: 1px solid #666; padding: 0.2rem 0.6rem; cursor: pointer; }`;
  const panel = document.createElement('div');
  panel.className = 'panel';
  panel.setAttribute('role', 'alert');
  const title = document.createElement('h2');
  title.textContent = `docgen: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} (the page shows the last good build)`;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.addEventListener('click', () => {
    dismissed = text;
    host.remove();
  });
  panel.append(title, close);
  for (const p of problems) {
    const pre = document.createElement('pre');
    if (p.where) {
      const where = document.createElement('div');
      where.className = 'where';
      where.textContent = p.where;
      pre.append(where);
    }
    pre.append(p.message, ...(p.hint ? [`\nhint: ${p.hint}`] : []));
    panel.append(pre);
  }
  root.append(style, panel);
  document.body.append(host);
}

/** The run of the dev server's stages this page was produced from. */
const version = (document.currentScript as HTMLScriptElement | null)?.dataset.version ?? '0';

function connect(): void {
  const events = new EventSource(`/__docgen/events?route=${encodeURIComponent(routeOf(location.pathname))}&v=${version}`);
  let server: string | undefined;
  events.addEventListener('hello', (e) => {
    const id = (JSON.parse((e as MessageEvent).data) as { id: string }).id;
    // A new dev server process: everything may have changed.
    if (server !== undefined && server !== id) reloadKeepingScroll();
    server = id;
    window.__docgenDev = { connected: true };
  });
  events.addEventListener('error', () => (window.__docgenDev = { connected: false }));
  events.addEventListener('update', (e) => {
    const { routes } = JSON.parse((e as MessageEvent).data) as { routes: string[] };
    if (routes.includes(routeOf(location.pathname))) void refresh();
  });
  events.addEventListener('reload', () => reloadKeepingScroll());
  events.addEventListener('problems', (e) => showProblems((JSON.parse((e as MessageEvent).data) as { problems: Problem[] }).problems));
}

restoreScroll();
connect();
