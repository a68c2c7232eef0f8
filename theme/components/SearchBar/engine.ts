/**
 * The search engine, loaded on demand (its own chunk with lunr): fetches the build's search
 * files, loads the index (scorer.ts: nothing is tokenized or indexed in the browser) and answers
 * queries, in a Web Worker when the index is large. The same chunk is the worker's script.
 * Also the highlight-on-arrival DOM walker, which needs the stemmer.
 */
import type { CompactIndex } from '../../../common/search/compact.ts';
import { unpackDocs, type SearchDocFile } from '../../../common/search/docs.ts';
import { fetchJson, fetchPointer } from './pointer.ts';
import { isMatch, scopedSearch, WORD, type ScopedHits, type SearchDoc, type SearchPointer } from './query.ts';
import { SearchIndex } from './scorer.ts';

/**
 * From this many documents on, the index loads and queries run in a Web Worker. Loading is the
 * one long task (measured in Node: ~50 ms at 1,554 documents, ~200 ms at 22,527; queries ~1 and
 * ~5 ms p95), and past about this size it would block the main thread beyond 50 ms.
 */
export const WORKER_MIN_DOCS = 4000;

/** A query's scope: the sidebars of each configured scope, and the one chosen (0: All). */
export interface ScopeChoice {
  scopes: string[][];
  chosen: number;
}

export interface Engine {
  documents: number;
  worker: boolean;
  query(input: string, maxHits: number, scope: ScopeChoice): Promise<ScopedHits>;
}

interface Loaded {
  docs: SearchDoc[];
  index: SearchIndex;
}

async function loadFiles(base: string, pointer: SearchPointer): Promise<Loaded> {
  const [docs, index] = await Promise.all([fetchJson<SearchDocFile>(base + pointer.searchDoc), fetchJson<CompactIndex>(base + pointer.lunrIndex)]);
  return { docs: unpackDocs(docs), index: SearchIndex.fromCompact(index) };
}

type Request = { type: 'load'; base: string; pointer: SearchPointer } | { type: 'query'; id: number; input: string; maxHits: number; scope: ScopeChoice };
type Reply = { type: 'ready' } | { type: 'error'; message: string } | { type: 'hits'; id: number; hits: ScopedHits };

function inWorker(): boolean {
  return typeof window === 'undefined' && typeof self !== 'undefined' && typeof (self as unknown as { importScripts?: unknown }).importScripts === 'function';
}

// Running as the worker: load on request, answer queries.
if (inWorker()) {
  let loaded: Promise<Loaded> | undefined;
  const post = (reply: Reply) => (self as unknown as Worker).postMessage(reply);
  self.addEventListener('message', async (event: MessageEvent<Request>) => {
    const m = event.data;
    if (m.type === 'load') {
      loaded = loadFiles(m.base, m.pointer);
      loaded.then(
        () => post({ type: 'ready' }),
        (err: unknown) => post({ type: 'error', message: String(err) }),
      );
    } else if (loaded) {
      const { docs, index } = await loaded;
      post({ type: 'hits', id: m.id, hits: scopedSearch(index, docs, m.input, m.maxHits, m.scope.scopes, m.scope.chosen) });
    }
  });
}

function workerEngine(base: string, pointer: SearchPointer): Promise<Engine> {
  const worker = new Worker(import.meta.url, { type: 'module', name: 'docgen-search' });
  const pending = new Map<number, (hits: ScopedHits) => void>();
  let next = 0;
  return new Promise((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<Reply>) => {
      const m = event.data;
      if (m.type === 'ready') {
        resolve({
          documents: pointer.count,
          worker: true,
          query: (input, maxHits, scope) =>
            new Promise((done) => {
              const id = ++next;
              pending.set(id, done);
              worker.postMessage({ type: 'query', id, input, maxHits, scope } satisfies Request);
            }),
        });
      } else if (m.type === 'error') reject(new Error(m.message));
      else {
        pending.get(m.id)?.(m.hits);
        pending.delete(m.id);
      }
    });
    worker.addEventListener('error', (e) => reject(new Error(`search worker: ${e.message}`)));
    worker.postMessage({ type: 'load', base, pointer } satisfies Request);
  });
}

/**
 * Fetch `search-files.json` at the site base (or take it already on its way), then the two files
 * it names, and be ready to query.
 */
export async function loadEngine(base: string, pointerFile: Promise<SearchPointer> = fetchPointer(base)): Promise<Engine> {
  const pointer = await pointerFile;
  if (pointer.count >= WORKER_MIN_DOCS && typeof Worker !== 'undefined') {
    try {
      return await workerEngine(base, pointer);
    } catch (err) {
      console.warn('docgen: search worker failed, searching on the main thread', err);
    }
  }
  const { docs, index } = await loadFiles(base, pointer);
  return { documents: docs.length, worker: false, query: async (input, maxHits, scope) => scopedSearch(index, docs, input, maxHits, scope.scopes, scope.chosen) };
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
