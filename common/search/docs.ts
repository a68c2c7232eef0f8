/**
 * The document file's packed form. Sections repeat their page's title and route, and their
 * anchors are nearly always their heading's slug: packed per page, with an anchor written out
 * only where the slug would get it wrong, the 2,000-page corpus's file is a third smaller gzip.
 *
 *   { pages: [[title, route, text, [[heading, anchor or '', text], …], sidebar?], …] }
 *
 * `sidebar` (the sidebar the page shows, for search scopes) is written only where a scope names
 * it, and holds for the page's sections too.
 *
 * Unpacked, the records come page by page, each page's own record first: a record's position is
 * its ref in the index.
 */
import type { SearchDoc } from './text.ts';

type SectionEntry = [heading: string, anchor: string, text: string];
type PageEntry = [title: string, route: string, text: string, sections: SectionEntry[], sidebar?: string];

/** The contents of `search-doc-<ts>.json`. */
export interface SearchDocFile {
  pages: PageEntry[];
}

/** A heading's anchor as both sides compute it (where it differs from the real one, the real one is written out). */
export function headingSlug(heading: string): string {
  return heading
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Pack records given page by page, each page's own record (heading '') first. */
export function packDocs(docs: SearchDoc[]): SearchDocFile {
  const pages: PageEntry[] = [];
  for (const d of docs) {
    const hash = d.url.indexOf('#');
    if (d.heading === '' || hash === -1) {
      pages.push(d.sidebar === undefined ? [d.title, d.url, d.text, []] : [d.title, d.url, d.text, [], d.sidebar]);
      continue;
    }
    const anchor = d.url.slice(hash + 1);
    pages[pages.length - 1][3].push([d.heading, anchor === headingSlug(d.heading) ? '' : anchor, d.text]);
  }
  return { pages };
}

/** The records back, in ref order. */
export function unpackDocs(file: SearchDocFile): SearchDoc[] {
  const out: SearchDoc[] = [];
  for (const [title, url, text, sections, sidebar] of file.pages) {
    const scoped = sidebar === undefined ? {} : { sidebar };
    out.push({ title, heading: '', url, text, ...scoped });
    for (const [heading, anchor, sectionText] of sections) out.push({ title, heading, url: `${url}#${anchor || headingSlug(heading)}`, text: sectionText, ...scoped });
  }
  return out;
}
