import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../generator/config/index.ts';
import type { Diagnostic } from '../../../generator/errors.ts';
import { configLinks } from '../../../generator/links/config.ts';
import { applyLevels, checkLinks, THEME_IDS } from '../../../generator/links/index.ts';
import { htmlIds } from '../../../generator/markdown/ids.ts';
import { loadServerTheme } from '../../../generator/client/index.ts';
import { makePages } from '../../../generator/render/index.tsx';
import type { Rendered } from '../../../generator/model.ts';
import { fakeDoc as doc } from '../../helpers.ts';
import { buildRoutes } from '../../../generator/routes/index.ts';

/** The markdown stage's output for these renders: by doc id. */
const byId = (r: Rendered[]) => new Map(r.map((x) => [x.docId, x]));

function rendered(id: string, links: string[], ids: string[] = []): Rendered {
  return { docId: id, key: id, html: () => '', toc: [], ids, links: links.map((url, i) => ({ url, line: i + 1, column: 3 })), sections: [], diagnostics: [] };
}

describe('link checking', () => {
  const docs = [doc('index'), doc('api/index'), doc('api/tokens')];
  const content = { docs, pages: [], navbar: [], categories: [], sidebars: {}, displayedSidebars: {}, assets: new Map(), staticFiles: [] };
  const routes = buildRoutes(content, [{ from: '/old', to: '/docs/' }]);

  it('accepts routes with or without a trailing slash, anchors that exist, files and externals', () => {
    const r = [rendered('index', ['/docs/api', '/docs/api/', '/docs/api/tokens#create', 'https://x.example/', '#top', 'api/tokens', '/llms.txt'], ['top']), rendered('api/index', []), rendered('api/tokens', [], ['create'])];
    expect(checkLinks(docs, byId(r), { routes, files: new Set(['/llms.txt']) })).toEqual([]);
  });

  it('reports broken links and anchors with file, line, column and the closest match', () => {
    const r = [rendered('index', ['/docs/api/tokenz', '/docs/api/tokens#creat', '/docs/nothing-like-it']), rendered('api/index', []), rendered('api/tokens', [], ['create'])];
    const found = checkLinks(docs, byId(r), { routes, files: new Set() });
    expect(found.map((d) => [d.kind, d.severity, d.location, d.message])).toEqual([
      ['broken link', 'error', { file: 'content/docs/index.md', line: 1, column: 3 }, '/docs/api/tokenz → no such page; did you mean /docs/api/tokens?'],
      ['broken anchor', 'warning', { file: 'content/docs/index.md', line: 2, column: 3 }, '/docs/api/tokens#creat → no heading or id "creat" on /docs/api/tokens; did you mean #create?'],
      ['broken link', 'error', { file: 'content/docs/index.md', line: 3, column: 3 }, '/docs/nothing-like-it → no such page'],
    ]);
  });

  it('checks the #fragment of relative .md links against the target page', () => {
    const r = [rendered('index', ['api/tokens.md#create', 'api/tokens.md#missing']), rendered('api/index', []), rendered('api/tokens', [], ['create'])];
    const found = checkLinks(docs, byId(r), { routes, files: new Set() });
    expect(found.map((d) => [d.kind, d.message])).toEqual([['broken anchor', 'api/tokens.md#missing → no heading or id "missing" on /docs/api/tokens']]);
    const near = checkLinks(docs, byId([rendered('index', ['api/tokens.md#creat']), rendered('api/index', []), rendered('api/tokens', [], ['create'])]), { routes, files: new Set() });
    expect(near[0].message).toBe('api/tokens.md#creat → no heading or id "creat" on /docs/api/tokens; did you mean #create?');
  });

  it('applies the configured levels and --strict', () => {
    const diags: Diagnostic[] = [
      { severity: 'error', kind: 'broken link', message: '', location: { file: 'a' } },
      { severity: 'warning', kind: 'broken anchor', message: '', location: { file: 'a' } },
    ];
    const defaults = parseConfig({ title: 'T', url: 'https://x.example' }).config;
    expect(applyLevels(diags, defaults, false).map((d) => d.severity)).toEqual(['error', 'warning']);
    expect(applyLevels(diags, defaults, true).map((d) => d.severity)).toEqual(['error', 'error']);
    const lenient = parseConfig({ title: 'T', url: 'https://x.example', onBrokenLinks: 'warn', onBrokenAnchors: 'ignore' }).config;
    expect(applyLevels(diags, lenient, false).map((d) => [d.kind, d.severity])).toEqual([['broken link', 'warning']]);
  });

  it('reports duplicate routes naming both sources', () => {
    const dup = buildRoutes({ ...content, docs: [doc('a/index'), { ...doc('b'), route: '/docs/a/' }] }, []);
    expect(dup.diagnostics).toHaveLength(1);
    expect(dup.diagnostics[0].message).toBe('/docs/a/ is produced by both content/docs/a/index.md and content/docs/b.md; the first one wins');
  });

  it('checks links from the config, named by their config path, and warns about links to redirects', () => {
    const config = parseConfig({
      title: 'T',
      url: 'https://x.example',
      favicon: 'favicon.svg',
      navbar: { logo: { alt: 'L', src: '/img/logo.svg', srcDark: '/img/logo-dak.svg' }, items: [{ label: 'API', to: '/docs/api/' }, { label: 'Gone', to: '/docs/apx' }] },
      footer: { links: [{ title: 'Docs', items: [{ label: 'Old', to: '/old' }, { label: 'GitHub', href: 'https://github.com/x' }, { label: 'Map', href: '/sitemap.xm' }] }] },
      sidebars: { docs: { items: ['index', { type: 'category', label: 'C', items: [{ type: 'link', label: 'L', href: '/docs/nope' }] }] } },
      announcementBar: { id: 'a', content: 'See <a href="/docs/api/tokens">tokens</a>' },
    }).config;
    const links = configLinks(config);
    expect(links.map((l) => l.where)).toEqual([
      'navbar.items[0].to',
      'navbar.items[1].to',
      'navbar.logo.href',
      'navbar.logo.src',
      'navbar.logo.srcDark',
      'favicon',
      'footer.links[0].items[0].to',
      'footer.links[0].items[1].href',
      'footer.links[0].items[2].href',
      'sidebars.docs.items[1].items[0].href',
      'announcementBar.content',
    ]);
    const r = [rendered('index', []), rendered('api/index', []), rendered('api/tokens', [])];
    const found = checkLinks(docs, byId(r), { routes, files: new Set(['/img/logo.svg', '/img/logo-dark.svg', '/favicon.svg', '/sitemap.xml']) }, links);
    expect(found.map((d) => [d.kind, d.location.file, d.message])).toEqual([
      ['broken link', 'site.config.ts', 'navbar.items[1].to: /docs/apx → no such page; did you mean /docs/api/?'],
      ['broken link', 'site.config.ts', 'navbar.logo.href: / → no such page'],
      ['broken link', 'site.config.ts', 'navbar.logo.srcDark: /img/logo-dak.svg → no such file; did you mean /img/logo-dark.svg?'],
      ['link to redirect', 'site.config.ts', 'footer.links[0].items[0].to: /old links to a redirect; link to /docs/ instead'],
      ['broken link', 'site.config.ts', 'footer.links[0].items[2].href: /sitemap.xm → no such file; did you mean /sitemap.xml?'],
      ['broken link', 'site.config.ts', 'sidebars.docs.items[1].items[0].href: /docs/nope → no such page'],
    ]);
  });

  it('warns about .html forms of a page, which the host rules redirect', () => {
    const r = [rendered('index', ['/docs/api/tokens.html', '/docs/api/index.html', '/docs/api/tokenz.html']), rendered('api/index', []), rendered('api/tokens', [])];
    expect(checkLinks(docs, byId(r), { routes, files: new Set() }).map((d) => [d.kind, d.message])).toEqual([
      ['link to redirect', '/docs/api/tokens.html links to a redirect; link to /docs/api/tokens instead'],
      ['link to redirect', '/docs/api/index.html links to a redirect; link to /docs/api/ instead'],
      ['broken link', '/docs/api/tokenz.html → no such page'],
    ]);
  });

  it('knows the ids the theme renders around every doc, as the theme renders them', async () => {
    const r = [rendered('index', ['#main-content', '/docs/api/#docgen-root']), rendered('api/index', []), rendered('api/tokens', [])];
    expect(checkLinks(docs, byId(r), { routes, files: new Set() })).toEqual([]);
    const config = parseConfig({ title: 'T', url: 'https://x.example' }).config;
    const client = { files: [], scripts: [], styles: [], config: '/assets/config.js', ...(await loadServerTheme()) };
    const page = [...makePages({ content: { ...content, docs: [doc('index')] }, rendered: new Map([['index', rendered('index', [])]]), config, client, identity: 'test' }).all()].find((f) => f.path === 'docs/index.html')!;
    const html = String(typeof page.contents === 'function' ? page.contents() : page.contents);
    expect(htmlIds(html).sort()).toEqual([...THEME_IDS].sort());
  });

  it('reports a link broken on many pages once, with the count', () => {
    const many = ['a', 'b', 'c', 'd', 'e'].map((id) => doc(`p/${id}`));
    const found = checkLinks(many, byId(many.map((d) => rendered(d.id, ['/docs/missing']))), { routes, files: new Set() });
    expect(found).toHaveLength(1);
    expect(found[0].message).toBe('/docs/missing → no such page (on 5 pages)');
    expect(found[0].hint).toMatch(/shared layout or config/);
  });
});
