/**
 * Search scopes (config `search.scopes`): "All", then each configured scope, as a row of tabs
 * above the results (the WAI-ARIA tabs pattern with automatic activation: one tab stop, the
 * arrows, Home and End move and choose), each with its count of results. The choice is
 * kept in sessionStorage, so it lasts for the reader's session and no longer.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { SearchScopeConfig } from '../../../common/config.ts';
import { readStorage, writeStorage } from '../../runtime/storage.ts';
import type { ScopeChoice } from './engine.ts';

/** The label of the scope holding every result. */
export const ALL = 'All';

/** The chosen scope (0: All, then one per configured scope) and the engine's view of it. */
export function useSearchScope(scopes: SearchScopeConfig[], storageKey: string) {
  const [chosen, setChosen] = useState(0);
  // Read after hydration: the server renders no panel, and has no storage.
  useEffect(() => {
    if (!scopes.length) return;
    const label = readStorage(storageKey, true);
    const i = scopes.findIndex((s) => s.label === label);
    if (i >= 0) setChosen(i + 1);
  }, [scopes, storageKey]);
  const choice: ScopeChoice = useMemo(() => ({ scopes: scopes.map((s) => s.sidebars), chosen }), [scopes, chosen]);
  const choose = (i: number) => {
    setChosen(i);
    writeStorage(storageKey, i === 0 ? null : scopes[i - 1].label, true);
  };
  return { choice, choose };
}

/** The id of a scope's tab, which labels the results panel while it is chosen. */
export const scopeTabId = (i: number) => `search-scope-${i}`;
export const SCOPE_PANEL_ID = 'search-scope-panel';

export interface ScopeTabsProps {
  labels: string[];
  counts: number[];
  chosen: number;
  onChoose: (i: number) => void;
  /** Escape on a tab: back to the box. */
  onEscape: () => void;
}

/** The tab a key moves to from `i` of `n`, or null for other keys. */
function tabFor(key: string, i: number, n: number): number | null {
  if (key === 'ArrowRight') return (i + 1) % n;
  if (key === 'ArrowLeft') return (i + n - 1) % n;
  if (key === 'Home') return 0;
  if (key === 'End') return n - 1;
  return null;
}

/** The row of scope tabs. A click keeps focus in the box, so typing goes on. */
export function ScopeTabs({ labels, counts, chosen, onChoose, onEscape }: ScopeTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>, i: number) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape();
      return;
    }
    const next = tabFor(event.key, i, labels.length);
    if (next === null) return;
    event.preventDefault();
    onChoose(next);
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Search scope" className="search-scopes">
      {labels.map((label, i) => (
        <button
          key={label}
          ref={(el) => {
            tabs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={scopeTabId(i)}
          aria-selected={i === chosen}
          aria-controls={SCOPE_PANEL_ID}
          tabIndex={i === chosen ? 0 : -1}
          className={`search-scope${i === chosen ? ' search-scope--chosen' : ''}`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(i)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {label} <span className="search-scope__count">{counts[i] ?? 0}</span>
        </button>
      ))}
    </div>
  );
}
