import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../generator/config/index.ts';
import type { Doc, Rendered, SearchSection } from '../../../generator/model.ts';
import { packDocs, unpackDocs } from '../../../common/search/docs.ts';
import { documentFile, searchDocuments } from '../../../generator/search/index.ts';
import { searchOf } from '../../search-helpers.ts';
import { MAX_PER_PAGE, scopedSearch, search } from '../../../theme/components/SearchBar/query.ts';
import { fakeDoc } from '../../helpers.ts';

const SIDEBARS = { guides: { dir: '' }, api: { dir: 'api' }, sdks: { dir: 'sdks' }, extras: { dir: 'extras' } };
const SCOPES = [
  { label: 'Guides', sidebars: ['guides'] },
  { label: 'Reference', sidebars: ['api', 'sdks'] },
  { label: 'API', sidebars: ['api'] },
];
const config = (scopes: object[] = SCOPES) => parseConfig({ title: 'T', url: 'https://t.example', sidebars: SIDEBARS, search: { scopes } }).config;
const rendered = (sections: SearchSection[]): Rendered => ({ docId: '', toc: [], ids: [], links: [], sections, diagnostics: [], html: () => '', key: '' });
const section = (heading: string, text: string): SearchSection => ({ heading, anchor: heading.toLowerCase().replace(/\s/g, '-'), text });

const docs: Doc[] = [
  fakeDoc('guides/cards', { title: 'Collect cards' }),
  fakeDoc('api/tokens', { title: 'Tokens endpoint' }),
  fakeDoc('sdks/js', { title: 'JavaScript SDK' }),
  fakeDoc('extras/changelog', { title: 'Changelog' }),
  fakeDoc('api/orphan', { title: 'Orphan' }),
];
const renders = new Map<string, Rendered>([
  ['guides/cards', rendered([{ heading: '', anchor: '', text: 'Collect a card and make a token.' }, section('Token on submit', 'Submit makes a token.')])],
  ['api/tokens', rendered([{ heading: '', anchor: '', text: 'Create a token.' }, section('Create token', 'token'), section('Delete token', 'token'), section('List tokens', 'token'), section('Token types', 'token')])],
  ['sdks/js', rendered([{ heading: '', anchor: '', text: 'The SDK tokenizes card data.' }])],
  ['extras/changelog', rendered([{ heading: '', anchor: '', text: 'The token endpoint changed.' }])],
  ['api/orphan', rendered([{ heading: '', anchor: '', text: 'A token page in no sidebar.' }])],
]);
/** The sidebar each page shows: the orphan shows none (it belongs to its folder's sidebar). */
const shown = { 'guides/cards': 'guides', 'api/tokens': 'api', 'sdks/js': 'sdks', 'extras/changelog': 'extras', 'api/orphan': null };

describe('search documents for scopes', () => {
  it('carry the sidebar of each page, on its sections too, where a scope names it', () => {
    const out = searchDocuments(docs, renders, config(), shown).docs;
    const sidebarOf = Object.fromEntries(out.map((d) => [d.url, d.sidebar]));
    expect(sidebarOf).toMatchObject({ '/docs/guides/cards': 'guides', '/docs/guides/cards#token-on-submit': 'guides', '/docs/api/tokens#delete-token': 'api', '/docs/sdks/js': 'sdks', '/docs/api/orphan': 'api' });
    // extras is in no scope: nothing to filter on.
    expect(out.find((d) => d.url === '/docs/extras/changelog')).not.toHaveProperty('sidebar');
  });

  it('write it once per page in the document file, and read it back for every record', () => {
    const out = searchDocuments(docs, renders, config(), shown).docs;
    const file = documentFile(out);
    expect(file.pages.map((p) => p[4])).toEqual(['guides', 'api', 'sdks', undefined, 'api']);
    expect(unpackDocs(JSON.parse(JSON.stringify(file)))).toEqual(out.map(({ title, heading, url, text, sidebar }) => (sidebar ? { title, heading, url, text, sidebar } : { title, heading, url, text })));
    expect(unpackDocs(packDocs([{ title: 'A', heading: '', url: '/a', text: '' }])).at(0)).toEqual({ title: 'A', heading: '', url: '/a', text: '' });
  });

  it('leave a site without scopes as it was, and change the files when a page changes scope', () => {
    const plain = searchDocuments(docs, renders, config([]), shown);
    expect(plain.docs.some((d) => 'sidebar' in d)).toBe(false);
    expect(documentFile(plain.docs).pages.every((p) => p.length === 4)).toBe(true);
    const scoped = searchDocuments(docs, renders, config(), shown);
    expect(scoped.hash).not.toBe(plain.hash);
    expect(searchDocuments(docs, renders, config(), { ...shown, 'sdks/js': 'guides' }).hash).not.toBe(scoped.hash);
    expect(searchDocuments(docs, renders, config(), shown).hash).toBe(scoped.hash);
  });
});

describe('scoped search', () => {
  const { index, docs: records } = searchOf(searchDocuments(docs, renders, config(), shown).docs);
  const scopes = SCOPES.map((s) => s.sidebars);
  const pages = (hits: { url: string }[]) => [...new Set(hits.map((h) => h.url.split('#')[0]))];

  it('under All finds what search finds, and counts every scope from the same query', () => {
    const all = scopedSearch(index, records, 'token', 20, scopes, 0);
    expect(all.hits).toEqual(search(index, records, 'token', 20));
    // Results per scope, at most MAX_PER_PAGE from a page: the tokens endpoint has 5 matching records.
    expect(MAX_PER_PAGE).toBe(3);
    expect(all.counts).toEqual([all.hits.length, 2, 3 + 1 + 1, 3 + 1]);
    expect(all.counts[0]).toBe(2 + 3 + 1 + 1 + 1);
  });

  it('keeps to the chosen scope, several sidebars in one scope included', () => {
    expect(pages(scopedSearch(index, records, 'token', 20, scopes, 1).hits)).toEqual(['/docs/guides/cards']);
    expect(pages(scopedSearch(index, records, 'token', 20, scopes, 2).hits).sort()).toEqual(['/docs/api/orphan', '/docs/api/tokens', '/docs/sdks/js']);
    expect(pages(scopedSearch(index, records, 'token', 20, scopes, 3).hits).sort()).toEqual(['/docs/api/orphan', '/docs/api/tokens']);
    // maxHits applies within the scope.
    expect(scopedSearch(index, records, 'token', 2, scopes, 3).hits.map((h) => h.url.split('#')[0])).toEqual(['/docs/api/tokens', '/docs/api/tokens']);
  });

  it('answers nothing for an empty query, and All for a scope the config no longer has', () => {
    expect(scopedSearch(index, records, '  ', 5, scopes, 2)).toEqual({ hits: [], counts: [0, 0, 0, 0] });
    expect(scopedSearch(index, records, 'token', 20, scopes, 9).hits).toEqual(search(index, records, 'token', 20));
    expect(scopedSearch(index, records, 'changelog', 5, scopes, 0).counts).toEqual([1, 0, 0, 0]);
  });
});
