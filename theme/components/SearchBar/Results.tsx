import { Fragment } from 'react';
import { withBase } from '../../../common/base.ts';
import type { SearchHit, Segment } from '../../../common/search/text.ts';
import { highlightUrl } from './highlight.ts';
import { SCOPE_PANEL_ID, ScopeTabs, scopeTabId, type ScopeTabsProps } from './Scopes.tsx';

function Segments({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) => (s.hit ? <mark key={i}>{s.text}</mark> : <Fragment key={i}>{s.text}</Fragment>))}
    </>
  );
}

interface ResultProps {
  hit: SearchHit;
  i: number;
  active: boolean;
  baseUrl: string;
  onHover: (i: number) => void;
  onChoose: (hit: SearchHit) => void;
}

/** One result: the link is the option itself (ARIA allows role="option" on a link), so the
 * listbox holds no control inside an option, and Ctrl/⌘/middle clicks still open a new tab. */
function Result({ hit, i, active, baseUrl, onHover, onChoose }: ResultProps) {
  return (
    <li role="none" className={`search-result${active ? ' search-result--active' : ''}`}>
      <a
        id={`search-result-${i}`}
        role="option"
        aria-selected={active}
        href={highlightUrl(withBase(baseUrl, hit.url), hit.terms)}
        tabIndex={-1}
        onMouseDown={(e) => e.preventDefault()}
        onMouseMove={() => onHover(i)}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          onChoose(hit);
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
  );
}

interface ListProps {
  hits: SearchHit[];
  active: number;
  query: string;
  baseUrl: string;
  onHover: (i: number) => void;
  onChoose: (hit: SearchHit) => void;
  /** The scope chosen, named in the line saying there are no results (none: All, without scopes). */
  scope?: string;
}

/** The open box's listbox of results, or the line saying there are none. Results are text
 * nodes: nothing from a document or the query is parsed as HTML. */
function ResultList({ hits, active, query, baseUrl, onHover, onChoose, scope, className }: ListProps & { className: string }) {
  if (hits.length === 0) {
    return (
      <div id="search-results" className={`${className} search-results--empty`}>
        No results {scope ? `in ${scope} ` : ''}for “{query.trim()}”
      </div>
    );
  }
  return (
    <ul id="search-results" role="listbox" aria-label="Search results" className={className}>
      {hits.map((hit, i) => (
        <Result key={hit.ref} hit={hit} i={i} active={i === active} baseUrl={baseUrl} onHover={onHover} onChoose={onChoose} />
      ))}
    </ul>
  );
}

/** The results, under the scope tabs when the site has scopes (`tabs`). */
export function SearchResults({ tabs, ...list }: Omit<ListProps, 'scope'> & { tabs?: ScopeTabsProps }) {
  if (!tabs) return <ResultList {...list} className="search-results" />;
  const scope = tabs.chosen > 0 ? tabs.labels[tabs.chosen] : undefined;
  return (
    <div className="search-results search-results--scoped">
      <ScopeTabs {...tabs} />
      <div role="tabpanel" id={SCOPE_PANEL_ID} aria-labelledby={scopeTabId(tabs.chosen)}>
        <ResultList {...list} scope={scope} className="search-results__list" />
      </div>
    </div>
  );
}
