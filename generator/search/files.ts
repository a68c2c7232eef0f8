import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SearchPointer } from '../../common/search/text.ts';

/*
 * What `docgen build` reads of the search files a previous build left, apart from the search
 * stage (pure, and loaded only once the Markdown renders).
 */

/** The fixed name the client reads the timestamped names from. */
export const POINTER_FILE = 'search-files.json';

/** The search files the build wrote, as the CLI reports them: document count, each file's raw and gzip bytes. */
export interface SearchSummary {
  documents: number;
  files: { path: string; bytes: number; gzip: number }[];
}

/**
 * The timestamp naming the search files: the previous build's when it indexed the same
 * documents (so an unchanged site builds byte-identical files), else now.
 */
export function searchStamp(outDir: string, hash: string, reuse: boolean): number | string {
  if (reuse) {
    try {
      const previous = JSON.parse(readFileSync(path.join(outDir, POINTER_FILE), 'utf8')) as SearchPointer;
      const stamp = /^search-doc-(\d+)\.json$/.exec(previous.searchDoc)?.[1];
      if (previous.hash === hash && stamp && existsSync(path.join(outDir, previous.searchDoc)) && existsSync(path.join(outDir, previous.lunrIndex))) return stamp;
    } catch {
      // No previous build (or not one of ours): a new timestamp.
    }
  }
  return Date.now();
}

/** The search files' sizes, as the search stage recorded them in the pointer file it wrote (or reused). */
export function searchSummary(outDir: string, documents: number): SearchSummary {
  const pointer = JSON.parse(readFileSync(path.join(outDir, POINTER_FILE), 'utf8')) as SearchPointer;
  return { documents, files: pointer.files ?? [] };
}
