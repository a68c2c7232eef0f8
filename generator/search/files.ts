import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SearchPointer } from '../../common/search/text.ts';
import { pointerFileOf } from '../../common/search/versions.ts';
import type { SearchDocuments } from '../model.ts';

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
  /** Each older docs version's own files (absent with one version). */
  older?: ({ name: string } & SearchSummary)[];
}

/** The search files' sizes, as the search stage recorded them in the pointer file it wrote (or reused). */
export function searchSummary(outDir: string, search: SearchDocuments): SearchSummary {
  const read = (file: string) => (JSON.parse(readFileSync(path.join(outDir, file), 'utf8')) as SearchPointer).files ?? [];
  const summary: SearchSummary = { documents: search.docs.length, files: read(POINTER_FILE) };
  if (search.older) summary.older = search.older.map(({ name, documents }) => ({ name, documents: documents.docs.length, files: read(pointerFileOf(name)) }));
  return summary;
}
