import { Fragment, useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { withBase } from '../../../common/base.ts';
import { navigate } from '../../runtime/location.ts';
import type { ThemeConfig } from '../../types.ts';
import type { SearchHit, Segment } from '../../../common/search/text.ts';
import { highlightTerms, highlightUrl } from './highlight.ts';
import type { Engine } from './engine.ts';
import { fetchPointer } from './pointer.ts';

const DEBOUNCE_MS = 60;

let engine: Promise<Engine> | undefined;

/**
 * The engine chunk, the pointer file and the index, loaded once per page (not per mount). The
 * pointer file is fetched while the chunk loads, so the chunk is never what the box waits for.
 */
export function loadSearch(base: string): Promise<Engine> {
  if (!engine) {
    const pointer = fetchPointer(base);
    pointer.catch(() => {});
    engine = import('./engine.ts').then((m) => m.loadEngine(base, pointer));
    engine.catch(() => {
      engine = undefined;
    });
  }
  return engine;
}

function isEditable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /^Mac|iPhone|iPad/.test(navigator.platform);
}

function Segments({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) => (s.hit ? <mark key={i}>{s.text}</mark> : <Fragment key={i}>{s.text}</Fragment>))}
    </>
  );
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The navbar's search box (combobox with a listbox of results). Its index loads on first
 * focus, hover or shortcut, never ahead of them; Ctrl+K / ⌘+K (and `/`
 * outside fields) focus it from anywhere. Results are text nodes: nothing from a document or
 * the query is parsed as HTML.
 */
export function SearchBar({ config }: { config: ThemeConfig }) {
  const [status, setStatus] = useState<Status>('idle');
  const [mac, setMac] = useState(false);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [active, setActive] = useState(-1);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const { maxHits } = config.search;

  const load = useCallback(() => {
    setStatus((s) => (s === 'ready' ? s : 'loading'));
    return loadSearch(config.baseUrl).then(
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
  }, [config.baseUrl]);

  // Already loaded by an earlier mount: ready at once. Otherwise nothing loads before the reader
  // reaches for the box (focus, hover, shortcut): the index is most of a page's weight.
  useEffect(() => {
    setMac(isMac());
    if (engine) void load().catch(() => {});
  }, [load]);

  // Ctrl+K / ⌘+K from anywhere, `/` outside fields.
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

  // As-you-type, debounced; a late answer for an older query is dropped.
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setHits(null);
      setActive(-1);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      load()
        .then((e) => e.query(q, maxHits))
        .then((found) => {
          if (!current) return;
          setHits(found);
          setActive(-1);
        })
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, maxHits, load]);

  const open = focused && !dismissed && query.trim() !== '' && hits !== null;

  const close = (restoreFocus: boolean) => {
    setDismissed(true);
    setActive(-1);
    if (!restoreFocus) return;
    const back = returnTo.current;
    returnTo.current = null;
    if (back && back !== input.current && back !== document.body && document.contains(back)) back.focus();
    else input.current?.blur();
  };

  const choose = (hit: SearchHit) => {
    const href = highlightUrl(withBase(config.baseUrl, hit.url), hit.terms);
    setQuery('');
    setHits(null);
    setActive(-1);
    returnTo.current = null;
    input.current?.blur();
    navigate(href);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    const n = hits?.length ?? 0;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!n) return;
        event.preventDefault();
        setDismissed(false);
        const down = event.key === 'ArrowDown';
        setActive((a) => (a === -1 ? (down ? 0 : n - 1) : (a + (down ? 1 : n - 1)) % n));
        return;
      }
      case 'Enter':
        if (open && n) {
          event.preventDefault();
          choose(hits![active >= 0 ? active : 0]);
        }
        return;
      case 'Escape':
        event.preventDefault();
        close(true);
        return;
    }
  };

  const placeholder = status === 'ready' ? (mac ? 'Search ⌘+K' : 'Search Ctrl+K') : 'Loading...';
  const announcement =
    status === 'loading' ? 'Loading search…' : status === 'error' ? 'Search could not be loaded' : open ? (hits!.length ? `${hits!.length} result${hits!.length === 1 ? '' : 's'}` : 'No results') : '';
  return (
    <div className="navbar__search" role="search">
      <input
        ref={input}
        id="search_input_react"
        // A combobox, which ARIA allows on a text input but not on type="search".
        type="text"
        enterKeyHint="search"
        className="navbar__search-input search-bar"
        placeholder={placeholder}
        aria-label="Search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls="search-results"
        aria-activedescendant={open && active >= 0 ? `search-result-${active}` : undefined}
        aria-busy={status === 'loading'}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setDismissed(false);
        }}
        onFocus={() => {
          setFocused(true);
          void load().catch(() => {});
        }}
        onBlur={() => setFocused(false)}
        onMouseEnter={() => void load().catch(() => {})}
        onKeyDown={onKeyDown}
      />
      <span className="search-status sr-only" role="status" aria-live="polite">
        {announcement}
      </span>
      {open && hits!.length > 0 && (
        <ul id="search-results" role="listbox" aria-label="Search results" className="search-results">
          {hits!.map((hit, i) => (
            <li key={hit.ref} id={`search-result-${i}`} role="option" aria-selected={i === active} className={`search-result${i === active ? ' search-result--active' : ''}`}>
              <a
                href={highlightUrl(withBase(config.baseUrl, hit.url), hit.terms)}
                tabIndex={-1}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => setActive(i)}
                onClick={(e) => {
                  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
                  e.preventDefault();
                  choose(hit);
                }}
              >
                <span className="search-result__title">
                  <Segments segments={hit.title} />
                </span>
                {hit.heading.length > 0 && (
                  <span className="search-result__heading">
                    <Segments segments={hit.heading} />
                  </span>
                )}
                {hit.snippet.length > 0 && (
                  <span className="search-result__snippet">
                    <Segments segments={hit.snippet} />
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      )}
      {open && hits!.length === 0 && (
        <div id="search-results" className="search-results search-results--empty">
          No results for “{query.trim()}”
        </div>
      )}
    </div>
  );
}

/**
 * Highlight on arrival: the `?highlight=` terms of the URL marked in the article, scrolled to
 * the first mark (at or after the `#anchor` target); removed again on the next navigation.
 */
export function useSearchHighlight(root: () => Element | null, search: string, hash: string, html: string) {
  useEffect(() => {
    if (!/[?&]highlight=/.test(search)) return;
    let cleared = false;
    let clear = () => {};
    void import('./engine.ts').then((m) => {
      const el = root();
      const terms = highlightTerms(search);
      if (cleared || !el || !terms.length) return;
      const done = m.markTerms(el, terms);
      clear = done.clear;
      const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
      const first = (target && done.marks.find((mk) => target.compareDocumentPosition(mk) & Node.DOCUMENT_POSITION_FOLLOWING)) || done.marks[0];
      first?.scrollIntoView({ block: 'center' });
    });
    return () => {
      cleared = true;
      clear();
    };
  }, [search, hash, html]);
}
