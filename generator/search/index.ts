/**
 * The search stage: the rendered docs' sections → search documents → a lunr index built here, at
 * build time (the browser only loads it), and the files the client fetches:
 *
 *   search-doc-<ts>.json   the documents (title, heading, url, text), packed per page (docs.ts)
 *   lunr-index-<ts>.json   the serialized lunr index (refs are positions in the unpacked documents)
 *   search-files.json      { searchDoc, lunrIndex, hash, count, files }: the names and sizes,
 *                          fetched first
 *
 * Pure functions: the files' timestamp comes from the documents' hash (`searchStamp`).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import lunr from 'lunr';
import type { CompactIndex } from '../../common/search/compact.ts';
import { packDocs, type SearchDocFile } from '../../common/search/docs.ts';
import { FIELDS } from '../../common/search/compact.ts';
import type { SearchPointer } from '../../common/search/text.ts';
import type { Diagnostic } from '../errors.ts';
import { termVectors } from './terms.ts';
import type { Doc, IndexedDoc, OutputFile, RenderedDocs, SearchDocuments, SiteConfig } from '../model.ts';

export type { SearchPointer };

import { POINTER_FILE } from './files.ts';

export { POINTER_FILE };

/** Version of the files' format: part of their hash, so a new format gets new file names. */
const FORMAT = 4;

/** Characters of a section's text kept for snippets (the index has all of it). */
export const SNIPPET_CHARS = 80;

/** `/docs/api/**` style patterns: `*` is one path segment's characters, `**` anything. */
export function routePattern(pattern: string): RegExp {
  const body = pattern
    .replace(/\/+$/, '')
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}/?$`);
}

/** Whether a route is left out by one of the patterns. */
export function isExcluded(route: string, patterns: RegExp[]): boolean {
  return patterns.some((p) => p.test(route));
}

/** Cut text at a word boundary near `max` characters. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max);
  return text.slice(0, space > max / 2 ? space : max);
}

/**
 * The documents: for each doc that is not excluded, one record for the page (its title and the
 * text before its first heading) and one per section (h2–h6 heading and the text under it, up
 * to the next heading), linking to `route#anchor`. Only the article's Markdown is used (no
 * navbar, sidebar or footer); code blocks are left out, inline code is kept.
 */
export function searchDocuments(docs: Doc[], rendered: RenderedDocs, config: SiteConfig): SearchDocuments {
  const patterns = config.search.exclude.map(routePattern);
  const out: IndexedDoc[] = [];
  let excluded = 0;
  // What the documents are made of, hashed instead of the documents themselves (tens of MB on
  // a large site, and the dev server computes this on every edit): a doc's sections change only
  // with its rendered key.
  const hash = createHash('sha256').update(JSON.stringify([FORMAT, FIELDS, lunr.version, SNIPPET_CHARS]));
  for (const doc of docs) {
    if (doc.frontMatter.search === false || isExcluded(doc.route, patterns)) {
      excluded++;
      continue;
    }
    const keywords = (doc.frontMatter.keywords ?? []).join(' ');
    hash.update(JSON.stringify([doc.route, doc.title, doc.description, keywords, rendered.get(doc.id)!.key]));
    const sections = rendered.get(doc.id)!.sections;
    const intro = sections[0] && !sections[0].anchor ? sections[0].text : '';
    const lead = [doc.description, intro].filter(Boolean).join(' ');
    out.push({ title: doc.title, heading: '', url: doc.route, text: cut(lead, SNIPPET_CHARS), body: lead, keywords });
    for (const s of sections) {
      if (!s.anchor) continue;
      out.push({ title: doc.title, heading: s.heading, url: `${doc.route}#${s.anchor}`, text: cut(s.text, SNIPPET_CHARS), body: s.text, keywords: '' });
    }
  }
  return { docs: out, hash: hash.digest('hex').slice(0, 16), excluded };
}

/** A `search.exclude` pattern that matches no doc's route is a warning at its place in the config. */
export function excludeDiagnostics(config: SiteConfig, docs: Doc[], configSource?: string): Diagnostic[] {
  const lines = configSource?.split('\n') ?? [];
  return config.search.exclude.flatMap((pattern) => {
    const re = routePattern(pattern);
    if (docs.some((d) => re.test(d.route))) return [];
    const line = lines.findIndex((l) => l.includes(JSON.stringify(pattern).slice(1, -1)) && /exclude|['"`]/.test(l));
    return [
      {
        severity: 'warning' as const,
        kind: 'search exclude',
        message: `search.exclude pattern "${pattern}" matches no page`,
        location: { file: 'site.config.ts', line: line === -1 ? undefined : line + 1, column: line === -1 ? undefined : lines[line].indexOf(pattern) + 1 },
        hint: 'patterns are routes such as /docs/internal/** (* matches within one path segment, ** across segments)',
      },
    ];
  });
}

/**
 * The record lunr indexes for a document, fields weighted title > heading > body. The page title
 * is indexed on the page's own record (with the front matter keywords as its heading), not on
 * every section, so a title query finds the page first and the index stays small.
 */
export function indexedFields(d: IndexedDoc): Record<string, string> {
  const page = d.heading === '';
  return { title: page ? d.title : '', heading: page ? d.keywords : d.heading, body: d.body };
}

/**
 * The index file's contents: the lunr index in its compact serialization (see compact.ts), from
 * the same term frequencies lunr's Builder would hold (terms.ts makes them a few times faster),
 * with lunr's default BM25 parameters and search pipeline.
 */
export function indexFile(docs: IndexedDoc[]): CompactIndex {
  const { terms, vectors } = termVectors(docs.map(indexedFields), Object.keys(FIELDS));
  return { c: 2, version: lunr.version, fields: Object.keys(FIELDS), boosts: Object.values(FIELDS), pipeline: ['stemmer'], k1: 1.2, b: 0.75, terms, vectors };
}

/** The shipped document file (without the indexed-only fields). */
export function documentFile(docs: IndexedDoc[]): SearchDocFile {
  return packDocs(docs.map(({ title, heading, url, text }) => ({ title, heading, url, text })));
}

/**
 * The number naming the search files, taken from the hash of what they index: the same
 * documents give the same names (an unchanged site builds byte-identical files, and `docgen dev`
 * serves what `docgen build` writes), other documents new names that no cache holds yet.
 */
export function searchStamp(hash: string): number {
  return parseInt(hash.slice(0, 12), 16);
}

/** `search-doc-<ts>.json` and `lunr-index-<ts>.json` for a timestamp. */
export function searchFileNames(stamp: number | string): { searchDoc: string; lunrIndex: string } {
  return { searchDoc: `search-doc-${stamp}.json`, lunrIndex: `lunr-index-${stamp}.json` };
}

/**
 * The three files, produced lazily (the index is built only when a file is asked for, and not
 * at all when the output stage reuses the previous build's files by their key), at the site
 * base; `pointerFile` is an older docs version's pointer (see common/search/versions.ts).
 */
export function searchFiles(search: SearchDocuments, stamp: number | string, pointerFile = POINTER_FILE): OutputFile[] {
  const names = searchFileNames(stamp);
  let made: { doc: string; index: string; pointer: string } | undefined;
  const make = () => {
    if (made) return made;
    const doc = JSON.stringify(documentFile(search.docs));
    const index = JSON.stringify(indexFile(search.docs));
    // Sizes for the build summary, kept with the files so a build that reuses them need not gzip again.
    const size = (path: string, text: string) => ({ path, bytes: Buffer.byteLength(text), gzip: gzipSync(text).length });
    const pointer: SearchPointer = { ...names, hash: search.hash, count: search.docs.length, files: [size(names.searchDoc, doc), size(names.lunrIndex, index)] };
    return (made = { doc, index, pointer: JSON.stringify(pointer) });
  };
  const key = `${search.hash}:${stamp}`;
  return [
    { path: names.searchDoc, key: `${key}:doc`, contents: () => make().doc },
    { path: names.lunrIndex, key: `${key}:index`, contents: () => make().index },
    { path: pointerFile, key: `${key}:pointer`, contents: () => make().pointer },
  ];
}
