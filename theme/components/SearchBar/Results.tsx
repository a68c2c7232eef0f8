import { Fragment } from 'react';
import { withBase } from '../../../common/base.ts';
import type { SearchHit, Segment } from '../../../common/search/text.ts';
import { highlightUrl } from './highlight.ts';

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

function Result({ hit, i, active, baseUrl, onHover, onChoose }: ResultProps) {
  return (
    <li id={`search-result-${i}`} role="option" aria-selected={active} className={`search-result${active ? ' search-result--active' : ''}`}>
      <a
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

/** The open box's listbox of results, or the line saying there are none. Results are text
 * nodes: nothing from a document or the query is parsed as HTML. */
export function SearchResults({ hits, active, query, baseUrl, onHover, onChoose }: { hits: SearchHit[]; active: number; query: string; baseUrl: string; onHover: (i: number) => void; onChoose: (hit: SearchHit) => void }) {
  if (hits.length === 0) {
    return (
      <div id="search-results" className="search-results search-results--empty">
        No results for “{query.trim()}”
      </div>
    );
  }
  return (
    <ul id="search-results" role="listbox" aria-label="Search results" className="search-results">
      {hits.map((hit, i) => (
        <Result key={hit.ref} hit={hit} i={i} active={i === active} baseUrl={baseUrl} onHover={onHover} onChoose={onChoose} />
      ))}
    </ul>
  );
}
