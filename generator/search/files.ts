import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SearchPointer } from '../../common/search/text.ts';

/*
 * What `docgen build` reads back of the search files it wrote, for its summary, apart from the
 * search stage (pure, and loaded only once the Markdown renders).
 */

/** The fixed name the client reads the timestamped names from. */
export const POINTER_FILE = 'search-files.json';

/** The search files the build wrote, as the CLI reports them: document count, each file's raw and gzip bytes. */
export interface SearchSummary {
  documents: number;
  files: { path: string; bytes: number; gzip: number }[];
}

/** The search files' sizes, as the search stage recorded them in the pointer file it wrote (or reused). */
export function searchSummary(outDir: string, documents: number): SearchSummary {
  const pointer = JSON.parse(readFileSync(path.join(outDir, POINTER_FILE), 'utf8')) as SearchPointer;
  return { documents, files: pointer.files ?? [] };
}
