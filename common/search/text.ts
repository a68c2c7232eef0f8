/**
 * Search helpers without lunr: the file formats and tokenizing, shared by the build that writes
 * the search files and the browser that reads them. The theme's main bundle uses these; lunr and
 * the query code (theme/components/SearchBar/query.ts) load on demand.
 */

/** One searchable record: a page (heading '') or one of its sections. */
export interface SearchDoc {
  /** Page title. */
  title: string;
  /** Section heading; '' for the page itself (its text before the first heading). */
  heading: string;
  /** Route plus `#anchor` for a section. */
  url: string;
  /** The start of the section's text, for snippets. */
  text: string;
  /** The sidebar its page shows, when a search scope names it (search.scopes): what scopes filter on. */
  sidebar?: string;
}

/** The contents of `search-files.json`: where this build's search files are. */
export interface SearchPointer {
  searchDoc: string;
  lunrIndex: string;
  /** Hash of the documents (a build with the same documents keeps the same file names). */
  hash: string;
  /** How many documents, so the client picks a worker for a large index before loading it. */
  count: number;
  /** The two files' sizes (raw and gzip bytes), for the build summary. */
  files?: { path: string; bytes: number; gzip: number }[];
}

/** A piece of text, `hit` when it matched the query. */
export interface Segment {
  text: string;
  hit: boolean;
}

export interface SearchHit {
  /** Index of the document in `searchDocs`. */
  ref: number;
  url: string;
  title: Segment[];
  heading: Segment[];
  snippet: Segment[];
  /** The index terms that matched (stems): carried to the page as `?highlight=`. */
  terms: string[];
  score: number;
}

/** Words are split on whitespace, hyphens and slashes (`3d-secure`, `/tokens/{id}`). */
export const SEPARATOR = /[\s\-/]+/;

/** Lowercase words of a query or text, as lunr tokenizes them (punctuation trimmed). */
export function tokenize(input: string): string[] {
  return input
    .toLowerCase()
    .split(SEPARATOR)
    .map((t) => t.replace(/^\W+|\W+$/g, ''))
    .filter(Boolean);
}

/** The route a hit's URL belongs to (without `#anchor`). */
export function pageOf(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}
