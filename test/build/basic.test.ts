import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read } from '../helpers.ts';

/** Build the `basic` fixture once and read the emitted site like a browser would get it. */
let site: string;
let out: string;
let first: Awaited<ReturnType<typeof docgen>>;

beforeAll(async () => {
  site = copyFixture('basic');
  out = path.join(site, 'build');
  first = await docgen(site, ['build', '--verbose']);
});

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

describe('docgen build on the basic fixture', () => {
  it('succeeds with a summary line, after the search files\' document count and sizes', () => {
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^search: \d+ documents; search-doc-\d+\.json [\d.]+ KB \([\d.]+ KB gzip\), lunr-index-\d+\.json \(\+\d+ shards\) [\d.]+ KB \([\d.]+ KB gzip\)\nbuilt build\/: 6 pages, 1 redirects, 0 warnings, 0 errors in \d+\.\d\d s\n$/);
  });

  it('emits one folder per route, the 404 page, sitemap, llms.txt and Markdown sources', () => {
    const files = listFiles(out);
    for (const f of ['index.html', '404.html', 'docs/index.html', 'docs/guide/index.html', 'docs/guide/code/index.html', 'docs/guide/nested/deep/index.html', 'docs/guide/nested/index.html', 'sitemap.xml', 'llms.txt', 'docs.md', 'docs/guide/code.md', 'old-intro/index.html']) {
      expect(files).toContain(f);
    }
    expect(files.some((f) => /^assets\/main\.[0-9A-Z]{8}\.js$/.test(f))).toBe(true);
    expect(files.some((f) => /^assets\/styles\.[0-9A-Z]{8}\.css$/.test(f))).toBe(true);
  });

  it('writes a route chunk per page and inlines only the page data, not its content, for hydration', () => {
    const chunk = JSON.parse(read(out, '_chunks/docs/guide/code.json'));
    expect(chunk).toMatchObject({ route: '/docs/guide/code', kind: 'doc', title: 'Code samples | Fixture Docs' });
    expect(chunk.html).toContain('<figure');
    expect(chunk.doc.sidebar.length).toBeGreaterThan(0);
    expect(JSON.parse(read(out, '_chunks/index.json')).kind).toBe('page');
    expect(JSON.parse(read(out, '_chunks/docs/guide/index.json')).route).toBe('/docs/guide/');
    const html = read(out, 'docs/guide/code/index.html');
    const data = JSON.parse(html.match(/<script id="__docgen-data" type="application\/json">(.*?)<\/script>/)![1]);
    expect(data.html).toBeUndefined();
    expect(data.doc.toc).toEqual(chunk.doc.toc);
    expect(html.length).toBeGreaterThan(read(out, '_chunks/docs/guide/code.json').length);
  });

  it('titles pages and fills the head', () => {
    const html = read(out, 'docs/guide/code/index.html');
    expect(html).toContain('<html lang="en" dir="ltr"');
    expect(html).toContain('<title>Code samples | Fixture Docs</title>');
    expect(html).toContain('<meta name="description" content="Highlighted code in many languages.">');
    expect(html).toContain('<link rel="canonical" href="https://docs.fixture.example/docs/guide/code">');
    expect(html).toContain('<meta name="generator" content="docgen 9.9.9">');
    expect(read(out, 'index.html')).toContain('<title>Fixture Docs</title>');
  });

  it('renders the sidebar with the category label, order and current page', () => {
    const html = read(out, 'docs/guide/code/index.html');
    const sidebar = html.slice(html.indexOf('<nav class="sidebar"'), html.indexOf('</nav>', html.indexOf('<nav class="sidebar"')));
    expect(sidebar.indexOf('Introduction')).toBeLessThan(sidebar.indexOf('The Guide'));
    expect(sidebar).toContain('<a class="menu__link menu__category-link" href="/docs/guide/nested/">nested</a><button type="button" class="menu__caret" aria-expanded="false" aria-label="Expand sidebar category &#x27;nested&#x27;"></button>');
    // A closed category whose page is a generated index carries its pages neither in the markup nor in the page data: that page lists them.
    expect(sidebar).toContain('<ul class="menu__list collapsible--closed"></ul>');
    expect(sidebar).not.toContain('Deep page');
    expect(html.slice(html.indexOf('<script id="__docgen-data"'))).not.toContain('Deep page');
    const index = read(out, 'docs/guide/nested/index.html');
    expect(index.slice(index.indexOf('<article'))).toContain('<a href="/docs/guide/nested/deep">Deep page</a>');
    const deep = read(out, 'docs/guide/nested/deep/index.html');
    const open = deep.slice(deep.indexOf('<nav class="sidebar"'), deep.indexOf('</nav>', deep.indexOf('<nav class="sidebar"')));
    expect(open.indexOf('Code samples')).toBeLessThan(open.indexOf('Deep page'));
    expect(open).toContain('aria-current="page">Deep page</a>');
    expect(sidebar).toContain('<a class="menu__link" href="/docs/guide/code" aria-current="page">Code samples<span class="badge badge--beta">Beta</span></a>');
  });

  it('gives headings ids and anchor links, and limits the toc to the page range', () => {
    const html = read(out, 'docs/guide/code/index.html');
    expect(html).toContain('id="same-heading"');
    expect(html).toContain('id="same-heading-1"');
    expect(html).toContain('id="my-custom"');
    expect(html).toContain('title="Direct link to JavaScript"');
    const toc = html.slice(html.indexOf('<nav class="toc"'));
    expect(toc).toContain('href="#javascript"');
    expect(toc).not.toContain('href="#not-in-the-toc"');
    const intro = read(out, 'docs/index.html');
    const introToc = intro.slice(intro.indexOf('<nav class="toc"'));
    expect(introToc).toContain('href="#details"');
    expect(introToc).not.toContain('href="#fine-print"');
  });

  it('highlights code, renders admonitions, tabs and endpoints', () => {
    const html = read(out, 'docs/guide/code/index.html');
    expect(html).toContain('data-language="python"');
    expect(html).toContain('<figcaption class="code-block__title">main.py</figcaption>');
    expect(html).not.toContain('highlight-start');
    expect(html).toContain('<div class="admonition admonition--warning" role="alert"><p class="admonition__title">Careful</p>');
    expect(html).toContain('<div class="tabs" data-group-id="languages">');
    expect(html).toContain('https://api.fixture.example/tokens</code>');
  });

  it('rewrites relative .md links to routes and publishes images content-hashed', () => {
    const intro = read(out, 'docs/index.html');
    expect(intro).toContain('href="/docs/guide/"');
    expect(intro).toContain('href="/docs/guide/nested/deep#second-level"');
    const deep = read(out, 'docs/guide/nested/deep/index.html');
    expect(deep).toMatch(/src="\/assets\/img\/diagram\.[0-9a-f]{8}\.svg"/);
  });

  it('generates an index page for a folder without index.md', () => {
    const html = read(out, 'docs/guide/nested/index.html');
    expect(html).toContain('<a href="/docs/guide/nested/deep">Deep page</a>: Three levels down.');
  });

  it('writes a breadcrumb trail with the current page last and not a link', () => {
    const html = read(out, 'docs/guide/nested/deep/index.html');
    expect(html).toContain('<nav class="breadcrumbs" aria-label="Breadcrumbs">');
    expect(html).toMatch(/<li><span aria-current="page">Deep page<\/span><\/li><\/ol>/);
  });

  it('lists every route in the sitemap and every doc in llms.txt', () => {
    const sitemap = read(out, 'sitemap.xml');
    expect(sitemap.match(/<loc>/g)).toHaveLength(6);
    expect(sitemap).toContain('<loc>https://docs.fixture.example/docs/guide/code</loc>');
    expect(read(out, 'llms.txt')).toContain('- [Code samples](https://docs.fixture.example/docs/guide/code.md): Highlighted code in many languages.');
    expect(read(out, 'docs/guide/code.md')).toMatch(/^---\ntitle: Code samples/);
  });

  it('writes the not-found page and redirect stubs', () => {
    expect(read(out, '404.html')).toContain('Page Not Found');
    const stub = read(out, 'old-intro/index.html');
    expect(stub).toContain('<meta http-equiv="refresh" content="0; url=/docs/">');
    expect(stub).toContain('<link rel="canonical" href="/docs/">');
    expect(read(out, 'old-intro.html')).toBe(stub);
    const rules = [
      '/old-intro /docs/',
      '/old-intro/ /docs/',
      '/old-intro.html /docs/',
      '/old-intro/index.html /docs/',
      '/index.html /',
      '/docs.html /docs/',
      '/docs/index.html /docs/',
      '/docs/guide.html /docs/guide/',
      '/docs/guide/index.html /docs/guide/',
      '/docs/guide/code.html /docs/guide/code',
      '/docs/guide/code/index.html /docs/guide/code',
      '/docs/guide/nested.html /docs/guide/nested/',
      '/docs/guide/nested/index.html /docs/guide/nested/',
      '/docs/guide/nested/deep.html /docs/guide/nested/deep',
      '/docs/guide/nested/deep/index.html /docs/guide/nested/deep',
    ];
    expect(read(out, '_redirects')).toBe(rules.map((r) => `${r} 301\n`).join(''));
    const nginx = read(out, 'redirects.nginx.conf');
    expect(nginx).toContain(`map $uri $docgen_redirect {\n    default "";\n${rules.map((r) => `    "${r.replace(' ', '" "')}";\n`).join('')}}`);
  });

  it('serves a second build from the cache and writes byte-identical output', async () => {
    expect(first.stderr).toContain('rendered 5 docs');
    const before = Object.fromEntries(listFiles(out).map((f) => [f, readFileSync(path.join(out, f))]));
    const second = await docgen(site, ['build', '--verbose']);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('rendered 0 docs');
    const after = Object.fromEntries(listFiles(out).map((f) => [f, readFileSync(path.join(out, f))]));
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const f of Object.keys(before)) expect(after[f].equals(before[f]), f).toBe(true);
    const third = await docgen(site, ['build', '--verbose', '--no-cache']);
    expect(third.stderr).toContain('rendered 5 docs');
  });

  it('reuses unchanged pages of the previous build and re-renders the edited one', async () => {
    await docgen(site, ['build']);
    // Forced: with nothing changed the build would not run at all (uptodate.test.ts).
    const warm = await docgen(site, ['build', '--verbose', '--force']);
    expect(warm.stderr).toMatch(/reused [1-9]\d* files of the previous build/);
    const inode = (f: string) => statSync(path.join(out, f)).ino;
    const untouched = inode('docs/guide/code/index.html');
    const file = path.join(site, 'content/docs/guide/nested/deep.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('## First level', '## First level, edited'));
    const after = await docgen(site, ['build', '--verbose']);
    expect(after.code).toBe(0);
    expect(after.stderr).toContain('rendered 1 docs');
    expect(read(out, 'docs/guide/nested/deep/index.html')).toContain('First level, edited');
    expect(inode('docs/guide/code/index.html')).toBe(untouched);
  });

  it('writes to --out', async () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'docgen-out-'));
    const res = await docgen(site, ['build', '--out', other]);
    expect(res.code).toBe(0);
    expect(read(other, 'docs/index.html')).toContain('Introduction');
  });
});
