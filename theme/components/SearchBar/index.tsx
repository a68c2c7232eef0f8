import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { withBase } from '../../../common/base.ts';
import { pointerFileOf } from '../../../common/search/versions.ts';
import { useVersions } from '../Versions/context.ts';
import type { SearchHit } from '../../../common/search/text.ts';
import { navigate } from '../../runtime/location.ts';
import type { ThemeConfig } from '../../types.ts';
import { useSearchEngine, useSearchResults, useSearchShortcut, type Status } from './hooks.ts';
import { SearchResults } from './Results.tsx';
import { highlightTerms, highlightUrl } from './highlight.ts';

export { loadSearch } from './load.ts';

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /^Mac|iPhone|iPad/.test(navigator.platform);
}

interface InputProps {
  inputRef: RefObject<HTMLInputElement | null>;
  status: Status;
  query: string;
  open: boolean;
  active: number;
  onChange: (value: string) => void;
  onFocus: () => void;
  onBlur: () => void;
  onMouseEnter: () => void;
  onKeyDown: (event: ReactKeyboardEvent<HTMLInputElement>) => void;
}

/** The box itself: a combobox, which ARIA allows on a text input but not on type="search". */
function SearchInput({ inputRef, status, query, open, active, onChange, onFocus, onBlur, onMouseEnter, onKeyDown }: InputProps) {
  // Known only in the browser: the server renders the placeholder of other systems.
  const [mac, setMac] = useState(false);
  useEffect(() => setMac(isMac()), []);
  return (
    <input
      ref={inputRef}
      id="search_input_react"
      type="text"
      enterKeyHint="search"
      className="navbar__search-input search-bar"
      placeholder={status === 'ready' ? (mac ? 'Search ⌘+K' : 'Search Ctrl+K') : 'Loading...'}
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
      onChange={(e) => onChange(e.target.value)}
      onFocus={onFocus}
      onBlur={onBlur}
      onMouseEnter={onMouseEnter}
      onKeyDown={onKeyDown}
    />
  );
}

/** What the live region says: loading, failure, or how many results the open box shows. */
function announcement(status: Status, open: boolean, hits: SearchHit[] | null): string {
  if (status === 'loading') return 'Loading search…';
  if (status === 'error') return 'Search could not be loaded';
  if (!open) return '';
  return hits!.length ? `${hits!.length} result${hits!.length === 1 ? '' : 's'}` : 'No results';
}

interface Combobox {
  hits: SearchHit[] | null;
  open: boolean;
  active: number;
  setActive: (update: (a: number) => number) => void;
  reopen: () => void;
  choose: (hit: SearchHit) => void;
  close: (restoreFocus: boolean) => void;
}

/** The combobox's keys: arrows move through the results (wrapping), Enter opens the active one
 * (or the first), Escape closes the list and gives focus back. */
function comboboxKey(event: ReactKeyboardEvent<HTMLInputElement>, box: Combobox): void {
  const n = box.hits?.length ?? 0;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (!n) return;
      event.preventDefault();
      box.reopen();
      const down = event.key === 'ArrowDown';
      box.setActive((a) => (a === -1 ? (down ? 0 : n - 1) : (a + (down ? 1 : n - 1)) % n));
      return;
    }
    case 'Enter':
      if (box.open && n) {
        event.preventDefault();
        box.choose(box.hits![box.active >= 0 ? box.active : 0]);
      }
      return;
    case 'Escape':
      event.preventDefault();
      box.close(true);
      return;
  }
}

/**
 * The navbar's search box (combobox with a listbox of results). Its index loads on first
 * focus, hover or shortcut, never ahead of them; Ctrl+K / ⌘+K (and `/`
 * outside fields) focus it from anywhere.
 */
export function SearchBar({ config }: { config: ThemeConfig }) {
  // The docs version of the page being read: its results stay in that version.
  const { status, load } = useSearchEngine(config.baseUrl, pointerFileOf(useVersions().page?.name));
  const [query, setQuery] = useState('');
  const { hits, active, setActive, clear } = useSearchResults(query, config.search.maxHits, load);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const returnTo = useSearchShortcut(input);
  const open = focused && !dismissed && query.trim() !== '' && hits !== null;
  const loadQuietly = () => void load().catch(() => {});

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
    clear();
    returnTo.current = null;
    input.current?.blur();
    navigate(href);
  };
  const box: Combobox = { hits, open, active, setActive, reopen: () => setDismissed(false), choose, close };

  return (
    <div className="navbar__search" role="search">
      <SearchInput
        inputRef={input}
        status={status}
        query={query}
        open={open}
        active={active}
        onChange={(value) => {
          setQuery(value);
          setDismissed(false);
        }}
        onFocus={() => {
          setFocused(true);
          loadQuietly();
        }}
        onBlur={() => setFocused(false)}
        onMouseEnter={loadQuietly}
        onKeyDown={(event) => comboboxKey(event, box)}
      />
      <span className="search-status sr-only" role="status" aria-live="polite">
        {announcement(status, open, hits)}
      </span>
      {open && <SearchResults hits={hits!} active={active} query={query} baseUrl={config.baseUrl} onHover={setActive} onChoose={choose} />}
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
