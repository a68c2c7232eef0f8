import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { unpackDocs, type SearchDocFile } from '../../common/search/docs.ts';
import { copyFixture, docgen, read } from '../helpers.ts';

/*
 * The `versions` fixture: the latest docs (3.0.0) in content/docs, 2.0.0 and 1.0.0 in
 * versioned_docs/, each with its own sidebars; 1.0.0 is not to be indexed by search engines.
 */
let site: string;
let out: string;
let result: Awaited<ReturnType<typeof docgen>>;

beforeAll(async () => {
  site = copyFixture('versions');
  out = path.join(site, 'build');
  result = await docgen(site, ['build', '--strict']);
});

const chunk = (route: string) => JSON.parse(read(out, `_chunks${route}.json`));
const head = (file: string) => read(out, file).split('</head>')[0];

describe('a site with three docs versions', () => {
  it('builds every version strictly, and reports each version\'s search files', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^search: 9 documents; .*\nsearch 2\.0\.0: 7 documents; search-doc-\d+\.json .*\nsearch 1\.0\.0: 5 documents; search-doc-\d+\.json .*\nbuilt build\//);
  });

  it('serves the latest at /docs/ and each older version at /docs/<name>/, with its own sidebar, pagination and breadcrumbs', () => {
    for (const f of ['docs/guide/nebula/index.html', 'docs/2.0.0/api/tokens/index.html', 'docs/1.0.0/guide/quasar/index.html']) expect(existsSync(path.join(out, f)), f).toBe(true);
    expect(existsSync(path.join(out, 'docs/2.0.0/guide/nebula/index.html'))).toBe(false);
    const old = chunk('/docs/1.0.0/guide/install').doc;
    const hrefs = JSON.stringify(old.sidebar).match(/"href":"[^"]*"/g);
    expect(hrefs).toEqual(['"href":"/docs/1.0.0/guide/"', '"href":"/docs/1.0.0/guide/install"', '"href":"/docs/1.0.0/guide/quasar"', '"href":"/docs/1.0.0/"']);
    expect(old.next).toEqual({ title: 'Quasar loader', href: '/docs/1.0.0/guide/quasar' });
    expect(old.breadcrumbs).toEqual([{ label: 'guide', href: '/docs/1.0.0/guide/' }]);
    expect(old.toc).toEqual([{ id: 'requirements', text: 'Requirements', level: 2 }]);
    // A relative link resolves to the page of the same version.
    expect(chunk('/docs/1.0.0/guide/install').html).toContain('<a href="/docs/1.0.0/guide/quasar">quasar loader</a>');
    // 2.0.0 kept the sidebars it was made with: guides and API apart, as the latest has.
    expect(chunk('/docs/2.0.0/guide/install').doc.sidebar.map((n: { href: string }) => n.href)).toEqual(['/docs/2.0.0/guide/install']);
  });

  it('gives each page its equivalents in every version, or that version\'s main doc', () => {
    expect(chunk('/docs/1.0.0/guide/quasar').doc.version).toEqual({ name: '1.0.0', links: { current: '/docs/', '2.0.0': '/docs/2.0.0/', '1.0.0': '/docs/1.0.0/guide/quasar' } });
    expect(chunk('/docs/api/tokens').doc.version).toEqual({ name: 'current', links: { current: '/docs/api/tokens', '2.0.0': '/docs/2.0.0/api/tokens', '1.0.0': '/docs/1.0.0/' } });
  });

  it('names the latest equivalent as canonical, and keeps 1.0.0 out of search engines', () => {
    expect(head('docs/2.0.0/api/tokens/index.html')).toContain('<link rel="canonical" href="https://docs.orbit.example/docs/api/tokens">');
    expect(head('docs/2.0.0/api/tokens/index.html')).not.toContain('robots');
    expect(head('docs/1.0.0/guide/install/index.html')).toContain('<meta name="robots" content="noindex, nofollow">');
    // A page the latest does not have is its own canonical.
    expect(head('docs/1.0.0/guide/quasar/index.html')).toContain('<link rel="canonical" href="https://docs.orbit.example/docs/1.0.0/guide/quasar">');
    expect(head('docs/guide/install/index.html')).toContain('<link rel="canonical" href="https://docs.orbit.example/docs/guide/install">');
  });

  it('shows older versions the banner linking to the same page in the latest', () => {
    const banner = /<div class="version-banner"[^>]*>(.*?)<\/div>/;
    const text = (file: string) => banner.exec(read(out, file))?.[1].replace(/<!-- -->/g, '');
    expect(text('docs/2.0.0/api/tokens/index.html')).toBe('This is documentation for Orbit <strong>2.0.0</strong>, which is no longer actively maintained. For up-to-date documentation, see the <a href="/docs/api/tokens">latest version</a> (3.0.0).');
    expect(text('docs/1.0.0/guide/quasar/index.html')).toContain('<a href="/docs/">latest version</a>');
    expect(text('docs/api/tokens/index.html')).toBeUndefined();
  });

  it('lists only the latest docs in the sitemap and llms.txt', () => {
    expect(read(out, 'sitemap.xml')).not.toMatch(/\/docs\/(1|2)\.0\.0/);
    expect(read(out, 'sitemap.xml')).toContain('https://docs.orbit.example/docs/guide/nebula</loc>');
    expect(read(out, 'llms.txt')).not.toMatch(/\/docs\/(1|2)\.0\.0/);
    expect(read(out, 'docs/1.0.0/guide/quasar.md')).toContain('quasar loader');
  });

  it('writes each version\'s own search files, holding that version\'s pages only', () => {
    const urls = (pointerFile: string) => {
      const pointer = JSON.parse(read(out, pointerFile));
      return unpackDocs(JSON.parse(read(out, pointer.searchDoc)) as SearchDocFile).map((d) => d.url);
    };
    const latest = urls('search-files.json');
    expect(latest).toContain('/docs/guide/nebula');
    expect(latest.every((u) => !/^\/docs\/\d/.test(u))).toBe(true);
    expect(urls('search-files-2.0.0.json').every((u) => u.startsWith('/docs/2.0.0/'))).toBe(true);
    expect(urls('search-files-1.0.0.json')).toContain('/docs/1.0.0/guide/quasar');
    expect(urls('search-files-1.0.0.json').every((u) => u.startsWith('/docs/1.0.0/'))).toBe(true);
  });
});

describe('links in older versions', () => {
  it('are resolved within the version and reported at the versioned file, an old page linking to a latest-only page included', async () => {
    const broken = copyFixture('versions');
    const file = path.join(broken, 'versioned_docs/version-1.0.0/guide/install.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nSee [nebula](/docs/guide/nebula), [install](/docs/guide/install) and [tokens](../api/tokens.md).\n`);
    const run = await docgen(broken, ['build']);
    expect(run.code).toBe(1);
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('versioned_docs/'));
    expect(lines).toEqual([
      'versioned_docs/version-1.0.0/guide/install.md:12:5 error broken link: /docs/guide/nebula → a page of the latest version (3.0.0) only, not of 1.0.0 (legacy)',
      'versioned_docs/version-1.0.0/guide/install.md:12:35 warning version link: /docs/guide/install leaves version 1.0.0 (legacy) for the latest docs',
      'versioned_docs/version-1.0.0/guide/install.md:12:70 error broken markdown link: ../api/tokens.md → no such file versioned_docs/version-1.0.0/api/tokens.md',
    ]);
    expect(existsSync(path.join(broken, 'build'))).toBe(false);
  });
});

describe('docgen version', () => {
  it('snapshots the latest docs as a new version that the next build serves', async () => {
    const dir = copyFixture('versions');
    const made = await docgen(dir, ['version', '3.0.0']);
    expect(made.code).toBe(0);
    expect(made.stdout).toBe('version 3.0.0: 4 files copied to versioned_docs/version-3.0.0/, sidebars to versioned_sidebars/version-3.0.0-sidebars.json, versions.json updated\n');
    expect(JSON.parse(read(dir, 'versions.json'))).toEqual(['3.0.0', '2.0.0', '1.0.0']);
    expect(read(dir, 'versioned_docs/version-3.0.0/api/tokens.md')).toContain('[install guide](/docs/3.0.0/guide/install)');
    const again = await docgen(dir, ['version', '3.0.0']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('error versions.json: version "3.0.0" exists already');
    const build = await docgen(dir, ['build', '--strict']);
    expect(build.stderr).toBe('');
    expect(JSON.parse(read(dir, 'build/_chunks/docs/3.0.0/guide/nebula.json')).doc.version.name).toBe('3.0.0');
  });
});
