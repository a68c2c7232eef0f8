import { useCallback, useEffect, useLayoutEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { App } from '../components/App/index.tsx';
import type { RouteChunk, ThemeConfig } from '../types.ts';
import { loadChunk, prefetch, preload } from './chunks.ts';
import { updateHead } from './head.ts';
import { LocationContext, setNavigator, type Location } from './location.ts';
import { isPagePath, routeOf } from './paths.ts';
import { startProgress, stopProgress } from './progress.ts';

type Mode = 'push' | 'replace' | 'pop' | 'refresh';

interface State {
  page: RouteChunk;
  location: Location;
  /** Counts committed navigations; 0 is the server-rendered first page. */
  nav: number;
  /** Where to scroll once the page has rendered: a saved offset, or null for hash/top. */
  scroll: number | null;
  /** Set when a page could not be loaded while offline: the content shows a Retry panel. */
  failed?: { href: string; message: string };
}

function here(baseUrl: string): Location {
  return { route: routeOf(location.pathname, baseUrl) ?? '/', search: location.search, hash: location.hash };
}

/** The internal page an anchor click leads to, or null when the browser should handle it. */
function internalTarget(event: MouseEvent, baseUrl: string): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || !isPagePath(url.pathname) || routeOf(url.pathname, baseUrl) === null) return null;
  // Same page, other anchor: the browser scrolls and records history by itself.
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return null;
  return url;
}

function saveScroll() {
  history.replaceState({ ...(history.state ?? {}), scroll: window.scrollY }, '');
}

type SetState = Dispatch<SetStateAction<State>>;

/** A chunk that could not be loaded: offline, the page shows a Retry panel (a pushed navigation
 * still gets its history entry); otherwise the server answers (a redeploy, a redirect source). */
function loadFailed(err: unknown, url: URL, mode: Mode, setState: SetState) {
  if (!navigator.onLine) {
    if (mode === 'push') history.pushState({ scroll: null }, '', url.href);
    setState((s) => ({ ...s, nav: s.nav + 1, scroll: 0, failed: { href: url.href, message: String(err) } }));
    return;
  }
  console.warn(err);
  if (mode === 'pop') location.reload();
  else location.assign(url.href);
}

/** The history entry of a navigation whose page has loaded: the page left keeps its offset. */
function recordHistory(url: URL, mode: Mode) {
  if (mode === 'push') {
    saveScroll();
    history.pushState({ scroll: null }, '', url.href);
  } else if (mode === 'replace') {
    history.replaceState({ scroll: null }, '', url.href);
  }
}

/** `go(url, mode)`: loads the route's chunk and commits it, unless a later navigation started
 * meanwhile. */
function useGo(config: ThemeConfig, setState: SetState, rendered: RefObject<Location>) {
  const latest = useRef(0);
  return useCallback(
    async (url: URL, mode: Mode, saved: number | null = null) => {
      const route = routeOf(url.pathname, config.baseUrl) ?? '/';
      const ticket = ++latest.current;
      if (route !== rendered.current.route) startProgress();
      let page: RouteChunk;
      try {
        page = await loadChunk(route, mode === 'refresh');
      } catch (err) {
        stopProgress();
        if (ticket === latest.current) loadFailed(err, url, mode, setState);
        return;
      }
      stopProgress();
      if (ticket !== latest.current) return;
      recordHistory(url, mode);
      updateHead(page, config.url, config.baseUrl);
      const scroll = mode === 'refresh' ? window.scrollY : saved;
      const next = { route, search: url.search, hash: url.hash };
      // A move back may come before React has rendered this page: it must compare with the
      // page it will see, not with the one still on screen.
      rendered.current = next;
      setState((s) => ({ page, location: next, nav: s.nav + 1, scroll }));
    },
    [config],
  );
}

type Go = ReturnType<typeof useGo>;

/** Internal link clicks and history moves become navigations; the scroll offset is kept in the
 * history entry (debounced), for a move back to restore it. */
function useHistoryEvents(go: Go, config: ThemeConfig, rendered: RefObject<Location>) {
  useEffect(() => {
    history.scrollRestoration = 'manual';
    setNavigator(
      (href, options) => go(new URL(href, location.href), options?.replace ? 'replace' : 'push'),
      () => go(new URL(location.href), 'refresh'),
    );
    const onClick = (event: MouseEvent) => {
      const url = internalTarget(event, config.baseUrl);
      if (!url) return;
      event.preventDefault();
      go(url, 'push');
    };
    const onPop = (event: PopStateEvent) => {
      const url = new URL(location.href);
      const saved = typeof event.state?.scroll === 'number' ? (event.state.scroll as number) : null;
      const now = rendered.current;
      if (routeOf(url.pathname, config.baseUrl) === now.route && url.search === now.search) {
        if (saved !== null) window.scrollTo(0, saved);
        return;
      }
      go(url, 'pop', saved);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(saveScroll, 150);
    };
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
    };
  }, [go, config]);
}

/** After a navigation has rendered: the saved offset, else the `#anchor`, else the top, as a
 * full load would. */
function useScrollAfterNavigation(state: State) {
  useLayoutEffect(() => {
    if (state.nav === 0) return;
    if (state.scroll !== null) {
      window.scrollTo(0, state.scroll);
      return;
    }
    const target = state.location.hash && document.getElementById(decodeURIComponent(state.location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [state.nav]);
}

/**
 * The client router: renders the current page, swaps in a route chunk on internal link
 * clicks and history moves, and scrolls the way a full load would.
 */
export function ClientRouter({ config, initial }: { config: ThemeConfig; initial: RouteChunk }) {
  const [state, setState] = useState<State>(() => ({ page: initial, location: here(config.baseUrl), nav: 0, scroll: null }));
  const rendered = useRef(state.location);
  rendered.current = state.location;
  const go = useGo(config, setState, rendered);
  useHistoryEvents(go, config, rendered);
  useLinkPrefetch(config.baseUrl, state.nav);
  useScrollAfterNavigation(state);

  const retry = state.failed ? () => go(new URL(state.failed!.href), 'replace') : undefined;
  return (
    <LocationContext.Provider value={state.location}>
      <App config={config} page={state.page} loadError={state.failed && retry ? { message: state.failed.message, retry } : undefined} onReset={() => go(new URL(location.href), 'refresh')} />
    </LocationContext.Provider>
  );
}

/** Chunks of links in view are prefetched; hovering or touching a link preloads its chunk. */
function useLinkPrefetch(baseUrl: string, nav: number) {
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => {
    const routeFor = (a: Element | null): string | null => {
      const href = a instanceof HTMLAnchorElement ? a.href : null;
      if (!href || (a as HTMLAnchorElement).target === '_blank') return null;
      const url = new URL(href, location.href);
      return url.origin === location.origin && isPagePath(url.pathname) ? routeOf(url.pathname, baseUrl) : null;
    };
    observer.current = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.current?.unobserve(entry.target);
        const route = routeFor(entry.target);
        if (route) prefetch(route);
      }
    });
    const onHover = (event: Event) => {
      const route = routeFor((event.target as Element | null)?.closest?.('a[href]') ?? null);
      if (route) preload(route);
    };
    document.addEventListener('mouseover', onHover, { passive: true });
    document.addEventListener('touchstart', onHover, { passive: true });
    return () => {
      observer.current?.disconnect();
      document.removeEventListener('mouseover', onHover);
      document.removeEventListener('touchstart', onHover);
    };
  }, [baseUrl]);
  useEffect(() => {
    const current = location.pathname;
    for (const a of document.querySelectorAll('#docgen-root a[href]')) {
      if ((a as HTMLAnchorElement).pathname !== current) observer.current?.observe(a);
    }
  }, [nav]);
}
