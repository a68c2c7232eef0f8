/**
 * The search stage: the rendered docs' sections → search documents → a lunr index built here, at
 * build time (the browser only loads it), and the files the client fetches:
 *
 *   lunr-index-<ts>.json   the manifest: global statistics, vocabulary, how refs map to pages
 *   lunr-index-<ts>NNNN.json  term shards: postings of a range of index terms (shards.ts)
 *   search-doc-<ts>NNNN.json  document shards: records (title, heading, url, text) of a range of
 *                          pages, packed per page (docs.ts); refs are positions in the records
 *   search-files.json      { searchDoc, lunrIndex, hash, count, files }: the names and sizes,
 *                          fetched first
 *
 * Pure functions: the files' timestamp comes from the documents' hash (`searchStamp`).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import lunr from 'lunr';
import { packDocs, type SearchDocFile } from '../../common/search/docs.ts';
import { FIELDS } from '../../common/search/shards.ts';
import type { SearchPointer } from '../../common/search/text.ts';
import { HEAD_POSTINGS, shardFile, tailFile } from '../../common/search/shards.ts';
import { shardCounts, shardIndex } from './shards.ts';
import type { Diagnostic } from '../errors.ts';
import { groupOf } from '../content/routes.ts';
import { versionPrefix } from '../content/versions.ts';
import type { Doc, IndexedDoc, OutputFile, RenderedDocs, SearchDocuments, SiteConfig } from '../model.ts';

export type { SearchPointer };

import { POINTER_FILE } from './files.ts';

export { POINTER_FILE };

/** Version of the files' format: part of their hash, so a new format gets new file names. */
const FORMAT = 6;

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
 * The sidebar a doc belongs to for search scopes: the one its page shows, else the one whose
 * folder holds it; an older version's without its `version-<name>/` prefix, so that a scope
 * holds the same sidebar in every version.
 */
function sidebarOf(doc: Doc, shown: Record<string, string | null>, config: SiteConfig): string | undefined {
  const prefix = doc.version === undefined ? '' : versionPrefix(doc.version);
  const displayed = shown[doc.id];
  if (displayed) return displayed.startsWith(prefix) ? displayed.slice(prefix.length) : displayed;
  return groupOf(doc.id.slice(prefix.length), config.sidebars) ?? undefined;
}

/**
 * The documents: for each doc that is not excluded, one record for the page (its title and the
 * text before its first heading) and one per section (h2–h6 heading and the text under it, up
 * to the next heading), linking to `route#anchor`. Only the article's Markdown is used (no
 * navbar, sidebar or footer); code blocks are left out, inline code is kept. `shown` is the
 * sidebar each doc's page shows (by doc id); a doc that shows none belongs to the sidebar whose
 * folder holds it. A page whose sidebar a search scope names carries it (what scopes filter on).
 */
export function searchDocuments(docs: Doc[], rendered: RenderedDocs, config: SiteConfig, shown: Record<string, string | null> = {}): SearchDocuments {
  const patterns = config.search.exclude.map(routePattern);
  const scoped = new Set(config.search.scopes.flatMap((s) => s.sidebars));
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
    const sidebar = sidebarOf(doc, shown, config);
    const scope = sidebar !== undefined && scoped.has(sidebar) ? { sidebar } : {};
    hash.update(JSON.stringify([doc.route, doc.title, doc.description, keywords, rendered.get(doc.id)!.key, scope.sidebar ?? null]));
    const sections = rendered.get(doc.id)!.sections;
    const intro = sections[0] && !sections[0].anchor ? sections[0].text : '';
    const lead = [doc.description, intro].filter(Boolean).join(' ');
    out.push({ title: doc.title, heading: '', url: doc.route, text: cut(lead, SNIPPET_CHARS), body: lead, keywords, ...scope });
    for (const s of sections) {
      if (!s.anchor) continue;
      out.push({ title: doc.title, heading: s.heading, url: `${doc.route}#${s.anchor}`, text: cut(s.text, SNIPPET_CHARS), body: s.text, keywords: '', ...scope });
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

/** The shipped document file (without the indexed-only fields). */
export function documentFile(docs: IndexedDoc[]): SearchDocFile {
  return packDocs(docs.map(({ title, heading, url, text, sidebar }) => ({ title, heading, url, text, sidebar })));
}

/**
 * The number naming the search files, taken from the hash of what they index: the same
 * documents give the same names (an unchanged site builds byte-identical files, and `docgen dev`
 * serves what `docgen build` writes), other documents new names that no cache holds yet.
 */
export function searchStamp(hash: string): number {
  return parseInt(hash.slice(0, 12), 16);
}

/** The manifest's name (`lunr-index-<ts>.json`) and the first document shard's for a timestamp. */
export function searchFileNames(stamp: number | string): { searchDoc: string; lunrIndex: string } {
  return { searchDoc: shardFile('docs', String(stamp), 0), lunrIndex: `lunr-index-${stamp}.json` };
}

/** A kind of shard's files as the build summary names them: the first one's name, and how many there are. */
function sizeOf(files: { path: string; text: string }[]) {
  const path = files.length === 1 ? files[0].path : `${files[0].path} (+${files.length - 1} shards)`;
  return { path, bytes: files.reduce((s, f) => s + Buffer.byteLength(f.text), 0), gzip: files.reduce((s, f) => s + gzipSync(f.text).length, 0) };
}

/**
 * The files, produced lazily (the index is built only when a file is asked for, and not at all
 * when the output stage reuses the previous build's files by their key), at the site base: the
 * manifest, the term shards and their tails, the document shards (their number known from the
 * text's length), and the
 * pointer; `pointerFile` is an older docs version's pointer (see common/search/versions.ts).
 */
export function searchFiles(search: SearchDocuments, stamp: number | string, pointerFile = POINTER_FILE): OutputFile[] {
  const names = searchFileNames(stamp);
  const counts = shardCounts(search.docs);
  let made: { manifest: string; terms: string[]; tails: string[]; docs: string[]; pointer: string } | undefined;
  const make = () => {
    if (made) return made;
    const sharded = shardIndex(search.docs, String(stamp), counts);
    const terms = sharded.terms.map((t) => JSON.stringify(t));
    const tails = sharded.tails.map((t) => JSON.stringify(t));
    const docs = sharded.docs.map((d) => JSON.stringify(d));
    const manifest = JSON.stringify(sharded.manifest);
    // Sizes for the build summary, kept with the files so a build that reuses them need not gzip again.
    const files = [
      sizeOf(docs.map((text, i) => ({ path: shardFile('docs', String(stamp), i), text }))),
      sizeOf([{ path: names.lunrIndex, text: manifest }, ...terms.map((text, i) => ({ path: shardFile('terms', String(stamp), i), text })), ...(search.docs.length > HEAD_POSTINGS ? tails : []).map((text, i) => ({ path: tailFile(String(stamp), i), text }))]),
    ];
    const pointer: SearchPointer = { ...names, hash: search.hash, count: search.docs.length, files };
    return (made = { manifest, terms, tails, docs, pointer: JSON.stringify(pointer) });
  };
  const key = `${search.hash}:${stamp}`;
  return [
    ...Array.from({ length: counts.docs }, (_, i) => ({ path: shardFile('docs', String(stamp), i), key: `${key}:doc${i}`, contents: () => make().docs[i] })),
    { path: names.lunrIndex, key: `${key}:index`, contents: () => make().manifest },
    ...Array.from({ length: counts.terms }, (_, i) => ({ path: shardFile('terms', String(stamp), i), key: `${key}:terms${i}`, contents: () => make().terms[i] })),
    // Tails only where a field can hold more postings than a shard keeps of a term.
    ...Array.from({ length: search.docs.length > HEAD_POSTINGS ? counts.terms : 0 }, (_, i) => ({ path: tailFile(String(stamp), i), key: `${key}:tail${i}`, contents: () => make().tails[i] })),
    { path: pointerFile, key: `${key}:pointer`, contents: () => make().pointer },
  ];
}
