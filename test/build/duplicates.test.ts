import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, type CliResult } from '../helpers.ts';
import { frontDecode } from '../../common/search/vocabulary.ts';

/**
 * Two docs with the same route: the routes stage says the first one (in id order) wins, so
 * every file the build writes for that route must come from it and none from the other.
 */
let out: string;
let res: CliResult;

beforeAll(async () => {
  const site = copyFixture('basic');
  const doc = (name: string, title: string, text: string) =>
    writeFileSync(path.join(site, 'content', 'docs', name), `---\ntitle: ${title}\ndescription: ${text}\nslug: /same\n---\n\n## ${title} heading\n\n${text}\n`);
  doc('same-a.md', 'Winner Alpha', 'The alpha text wins.');
  doc('same-b.md', 'Loser Zulu', 'The zulu text loses.');
  out = path.join(site, 'build');
  res = await docgen(site, ['build']);
});

describe('a route produced by two docs', () => {
  it('is reported once, naming both files, and the first one wins', () => {
    expect(res.code).toBe(0);
    expect(res.stderr).toContain(
      'content/docs/same-b.md:1:1 warning duplicate route: /docs/same is produced by both content/docs/same-a.md and content/docs/same-b.md; the first one wins',
    );
  });

  it('gives the page, its .md source and its route chunk from the winner only', () => {
    const html = read(out, 'docs/same/index.html');
    expect(html).toContain('<title>Winner Alpha | Fixture Docs</title>');
    expect(html).toContain('The alpha text wins.');
    expect(html).not.toMatch(/zulu/i);
    const md = read(out, 'docs/same.md');
    expect(md).toContain('The alpha text wins.');
    expect(md).not.toMatch(/zulu/i);
    const chunk = JSON.parse(read(out, '_chunks/docs/same.json'));
    expect(chunk.title).toBe('Winner Alpha | Fixture Docs');
    expect(chunk.html).toContain('The alpha text wins.');
    expect(JSON.stringify(chunk)).not.toMatch(/zulu/i);
  });

  it('lists the route once in the sitemap, the search index and llms.txt, with the winner', () => {
    const sitemap = read(out, 'sitemap.xml');
    expect(sitemap.match(/<loc>https:\/\/docs\.fixture\.example\/docs\/same<\/loc>/g)).toHaveLength(1);
    const searchFile = readdirSync(out).find((f) => /^search-doc-\d+\.json$/.test(f))!;
    const pages = (JSON.parse(read(out, searchFile)) as { pages: [string, string, string][] }).pages.filter((p) => p[1] === '/docs/same');
    expect(pages.map((p) => [p[0], p[2]])).toEqual([['Winner Alpha', 'The alpha text wins.']]);
    // The first term shard (head words as typed), and the manifest (the vocabulary: shards do not repeat their terms).
    expect(read(out, 'lunr-index-' + searchFile.slice('search-doc-'.length))).not.toMatch(/zulu/i);
    const manifest = read(out, `lunr-index-${searchFile.slice('search-doc-'.length, -'0000.json'.length)}.json`);
    expect(manifest).not.toMatch(/zulu/i);
    // Front-coded, a word may be stored as the rest after a prefix it shares: the decoded vocabulary is what counts.
    const vocabulary = frontDecode((JSON.parse(manifest) as { terms: string }).terms);
    expect(vocabulary.length).toBeGreaterThan(10);
    expect(vocabulary).toContain('alpha');
    expect(vocabulary.filter((t) => /zulu/.test(t))).toEqual([]);
    const llms = read(out, 'llms.txt');
    expect(llms.match(/\/docs\/same\.md/g)).toHaveLength(1);
    expect(llms).toContain('[Winner Alpha](https://docs.fixture.example/docs/same.md): The alpha text wins.');
    expect(llms).not.toMatch(/zulu/i);
  });
});

describe('a route produced by two docs that a hand-listed sidebar both names', () => {
  it('builds with the duplicate reported, and the sidebar lists only the winner', async () => {
    const site = copyFixture('basic');
    for (const [name, title] of [['same-a.md', 'Winner Alpha'], ['same-b.md', 'Loser Zulu']]) {
      writeFileSync(path.join(site, 'content', 'docs', name), `---\ntitle: ${title}\nslug: /same\n---\n\nText.\n`);
    }
    const config = path.join(site, 'site.config.ts');
    writeFileSync(config, read(site, 'site.config.ts').replace("sidebars: { docs: { label: 'Docs', dir: '' } },", "sidebars: { docs: { dir: '', items: ['index', 'same-a', 'same-b'] } },"));
    const res = await docgen(site, ['build']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('content/docs/same-b.md:1:1 warning duplicate route');
    const html = read(path.join(site, 'build'), 'docs/index.html');
    expect(html).toContain('>Winner Alpha</a>');
    expect(html).not.toMatch(/zulu/i);
  });
});
