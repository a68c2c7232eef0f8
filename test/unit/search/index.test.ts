import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../generator/config/index.ts';
import type { Doc, Rendered, SearchSection } from '../../../generator/model.ts';
import { unpackDocs } from '../../../common/search/docs.ts';
import { excludeDiagnostics, routePattern, searchDocuments, searchFileNames, searchFiles, SNIPPET_CHARS } from '../../../generator/search/index.ts';
import { searchOf } from '../../search-helpers.ts';
import { search } from '../../../theme/components/SearchBar/query.ts';
import { fakeDoc } from '../../helpers.ts';

const config = (search: object = {}) => parseConfig({ title: 'T', url: 'https://t.example', search }).config;
/** The markdown stage's output: the renders of `docs`, in order, by doc id. */
const byDoc = (docs: Doc[], renders: Rendered[]) => new Map(docs.map((d, i) => [d.id, renders[i]]));
const rendered = (sections: SearchSection[]): Rendered => ({ docId: '', toc: [], ids: [], links: [], sections, diagnostics: [], html: () => '', key: '' });

const docs = [
  { ...fakeDoc('guide/tokens', { title: 'Tokens', keywords: ['vault'] }), description: 'About tokens.' },
  fakeDoc('guide/hidden', { title: 'Hidden', search: false }),
  fakeDoc('internal/notes', { title: 'Notes' }),
];
const sections = [
  rendered([
    { heading: '', anchor: '', text: 'Tokens replace data.' },
    { heading: 'Detokenize', anchor: 'detokenize', text: 'Detokenize turns a token back into data. ' + 'word '.repeat(100) },
    { heading: 'Expiry', anchor: 'expiry', text: 'Tokens expire.' },
  ]),
  rendered([{ heading: 'Quasar', anchor: 'quasar', text: 'quasar' }]),
  rendered([{ heading: 'Pulsar', anchor: 'pulsar', text: 'pulsar' }]),
];

describe('search documents', () => {
  it('makes one record per page and one per section, linking to the heading, with a short text', () => {
    const { docs: out, excluded } = searchDocuments(docs, byDoc(docs, sections), config({ exclude: ['/docs/internal/**'] }));
    expect(excluded).toBe(2);
    expect(out.map((d) => [d.title, d.heading, d.url])).toEqual([
      ['Tokens', '', '/docs/guide/tokens'],
      ['Tokens', 'Detokenize', '/docs/guide/tokens#detokenize'],
      ['Tokens', 'Expiry', '/docs/guide/tokens#expiry'],
    ]);
    expect(out[0].text).toBe('About tokens. Tokens replace data.');
    expect(out[0].keywords).toBe('vault');
    expect(out[1].text.length).toBeLessThanOrEqual(SNIPPET_CHARS);
    expect(out[1].body.length).toBeGreaterThan(SNIPPET_CHARS);
  });

  it('hashes what is indexed: same documents, same hash', () => {
    const a = searchDocuments(docs, byDoc(docs, sections), config());
    const b = searchDocuments(docs, byDoc(docs, sections), config());
    expect(a.hash).toBe(b.hash);
    expect(searchDocuments(docs.slice(0, 1), byDoc(docs, sections), config()).hash).not.toBe(a.hash);
  });

  it('matches route patterns with * within a segment and ** across segments', () => {
    expect(routePattern('/docs/internal/**').test('/docs/internal/a/b')).toBe(true);
    expect(routePattern('/docs/*/notes').test('/docs/internal/notes')).toBe(true);
    expect(routePattern('/docs/*').test('/docs/internal/notes')).toBe(false);
    expect(routePattern('/docs/api/').test('/docs/api')).toBe(true);
  });

  it('warns about a pattern that matches no page, at its line in the config', () => {
    const source = "export default {\n  search: { exclude: ['/docs/internal/**', '/docs/nowhere'] },\n};\n";
    const found = excludeDiagnostics(config({ exclude: ['/docs/internal/**', '/docs/nowhere'] }), docs, source);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', kind: 'search exclude', location: { file: 'site.config.ts', line: 2 } });
    expect(found[0].message).toContain('"/docs/nowhere" matches no page');
  });
});

describe('search index and files', () => {
  const { docs: out, hash } = searchDocuments(docs, byDoc(docs, sections), config());

  it('names the manifest and its shards with the same timestamp, plus the pointer the client reads first', () => {
    const files = searchFiles({ docs: out, hash, excluded: 0 }, 1700000000000);
    expect(files.map((f) => f.path)).toEqual(['search-doc-17000000000000000.json', 'lunr-index-1700000000000.json', 'lunr-index-17000000000000000.json', 'search-files.json']);
    expect(searchFileNames(42)).toEqual({ searchDoc: 'search-doc-420000.json', lunrIndex: 'lunr-index-42.json' });
    const [docText, manifestText, termsText, pointerText] = files.map((f) => String((f.contents as () => string)()));
    const pointer = JSON.parse(pointerText);
    expect(pointer).toEqual({
      searchDoc: 'search-doc-17000000000000000.json',
      lunrIndex: 'lunr-index-1700000000000.json',
      hash,
      count: out.length,
      files: [
        { path: 'search-doc-17000000000000000.json', bytes: Buffer.byteLength(docText), gzip: gzipSync(docText).length },
        { path: 'lunr-index-1700000000000.json (+1 shards)', bytes: Buffer.byteLength(manifestText) + Buffer.byteLength(termsText), gzip: gzipSync(manifestText).length + gzipSync(termsText).length },
      ],
    });
    expect(JSON.parse(manifestText).stamp).toBe('1700000000000');
    const docFile = JSON.parse(docText);
    expect(unpackDocs(docFile)).toEqual(out.map(({ title, heading, url, text }) => ({ title, heading, url, text })));
  });

  it('weights title > heading > body', () => {
    const { index } = searchOf(out);
    const hits = search(index, out, 'detokenize', 5);
    expect(hits[0].url).toBe('/docs/guide/tokens#detokenize');
    expect(search(index, out, 'tokens', 5)[0].url).toBe('/docs/guide/tokens');
    expect(search(index, out, 'vault', 5)[0].url).toBe('/docs/guide/tokens');
  });
});
