import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Engine, ScopeChoice } from './engine.ts';
import type { ScopedHits } from './query.ts';
import { loadSearch, searchStarted } from './load.ts';
import type { SearchHit } from '../../../common/search/text.ts';

const DEBOUNCE_MS = 60;

export type Status = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The engine's loading state, and `load`, which starts loading (once per page and pointer file:
 * the docs version searched) and resolves to it.
 */
export function useSearchEngine(baseUrl: string, pointerFile: string): { status: Status; load: () => Promise<Engine> } {
  const [status, setStatus] = useState<Status>('idle');
  const load = useCallback(() => {
    setStatus((s) => (s === 'ready' ? s : 'loading'));
    return loadSearch(baseUrl, pointerFile).then(
      (e) => {
        setStatus('ready');
        return e;
      },
      (err: unknown) => {
        console.error('docgen: search could not load', err);
        setStatus('error');
        throw err;
      },
    );
  }, [baseUrl, pointerFile]);

  // Already loaded by an earlier mount: ready at once. Otherwise nothing loads before the reader
  // reaches for the box (focus, hover, shortcut): the index is most of a page's weight.
  useEffect(() => {
    if (searchStarted(pointerFile)) void load().catch(() => {});
  }, [load, pointerFile]);
  return { status, load };
}

function isEditable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/** Ctrl+K / ⌘+K from anywhere, `/` outside fields, focus the box. Returns where focus was before,
 * for Escape to go back to. */
export function useSearchShortcut(input: RefObject<HTMLInputElement | null>): RefObject<HTMLElement | null> {
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const k = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
      if (!k && !slash) return;
      event.preventDefault();
      const box = input.current;
      if (!box) return;
      if (document.activeElement !== box) returnTo.current = document.activeElement as HTMLElement | null;
      box.focus();
      box.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return returnTo;
}

/** The hits for the query as it is typed, within the chosen scope, debounced (null while there
 * are none to show), each scope's count, and the active hit; a late answer for an older query or
 * scope is dropped. */
export function useSearchResults(query: string, maxHits: number, load: () => Promise<Engine>, scope: ScopeChoice) {
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [counts, setCounts] = useState<number[]>([]);
  const [active, setActive] = useState(-1);
  const asked = useRef('');
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setHits(null);
      setActive(-1);
      return;
    }
    let current = true;
    // Typing is debounced; a scope chosen for the same words is answered at once, so the list
    // under the chosen tab is never the previous scope's for longer than a query takes.
    const typed = asked.current !== q;
    asked.current = q;
    const show = (found: ScopedHits) => {
      if (!current) return;
      setHits(found.hits);
      setCounts(found.counts);
    };
    const timer = setTimeout(() => {
      load()
        // On a large site the first answer may come from common words' best postings, and
        // the exact one right after: it replaces the list, the active hit kept.
        .then((e) => e.query(q, maxHits, scope, show))
        .then((found) => {
          show(found);
          if (current) setActive(-1);
        })
        .catch(() => {});
    }, typed ? DEBOUNCE_MS : 0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, maxHits, load, scope]);
  const clear = () => {
    setHits(null);
    setActive(-1);
  };
  return { hits, counts, active, setActive, clear };
}
