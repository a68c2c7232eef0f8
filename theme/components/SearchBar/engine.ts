/**
 * The search engine, loaded on demand (its own chunk with lunr): fetches the build's search
 * manifest and is ready to query; each query fetches only the index and document shards it
 * needs (shards.ts), so the first results cost a few shards, whatever the site's size. Also the
 * highlight-on-arrival DOM walker, which needs the stemmer.
 */
import type { SearchManifest } from '../../../common/search/shards.ts';
import { fetchJson, fetchPointer } from './pointer.ts';
import { isMatch, WORD, type ScopedHits, type SearchPointer } from './query.ts';
import { ShardedSearch } from './shards.ts';

/** A query's scope: the sidebars of each configured scope, and the one chosen (0: All). */
export interface ScopeChoice {
  scopes: string[][];
  chosen: number;
}

export interface Engine {
  documents: number;
  /** The first answer; on a large site, `onExact` may get the exact one later (see ShardedSearch). */
  query(input: string, maxHits: number, scope: ScopeChoice, onExact?: (hits: ScopedHits) => void): Promise<ScopedHits>;
}

/**
 * Fetch `search-files.json` at the site base (or take it already on its way), then the manifest
 * it names, and be ready to query.
 */
export async function loadEngine(base: string, pointerFile: Promise<SearchPointer> = fetchPointer(base)): Promise<Engine> {
  const pointer = await pointerFile;
  const search = new ShardedSearch(await fetchJson<SearchManifest>(base + pointer.lunrIndex), (file) => fetchJson(base + file));
  return { documents: pointer.count, query: (input, maxHits, scope, onExact) => search.query(input, maxHits, scope.scopes, scope.chosen, onExact) };
}

const SKIP = 'nav, script, style, mark, button, .hash-link, .toc-mobile';

/**
 * Wrap every word of `root`'s text whose stem is one of `terms` in `<mark>` (text nodes are
 * split and moved, never parsed). Returns the marks and a function removing them again.
 */
export function markTerms(root: Element, terms: string[]): { marks: HTMLElement[]; clear: () => void } {
  const set = new Set(terms.map((t) => t.toLowerCase()));
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.parentElement?.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  const marks: HTMLElement[] = [];
  for (const node of nodes) {
    const ranges: [number, number][] = [];
    for (const m of node.data.matchAll(WORD)) if (isMatch(m[0], set)) ranges.push([m.index, m.index + m[0].length]);
    // From the end, so earlier offsets stay valid while splitting.
    const made: HTMLElement[] = [];
    for (const [start, end] of ranges.reverse()) {
      const word = node.splitText(start);
      word.splitText(end - start);
      const mark = doc.createElement('mark');
      mark.setAttribute('data-search-highlight', '');
      word.replaceWith(mark);
      mark.appendChild(word);
      made.unshift(mark);
    }
    marks.push(...made);
  }
  const clear = () => {
    const parents = new Set<Node>();
    for (const mark of marks) {
      const parent = mark.parentNode;
      if (!parent) continue;
      mark.replaceWith(...mark.childNodes);
      parents.add(parent);
    }
    for (const p of parents) p.normalize();
  };
  return { marks, clear };
}
