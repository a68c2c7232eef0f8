import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../../generator/errors.ts';
import { movedPages, redirectBlock, sitemapRoutes } from '../../../generator/guards/moved.ts';
import { readPreviousSitemap } from '../../../generator/guards/previous.ts';
import { frontMatterRedirects } from '../../../generator/guards/redirect-from.ts';
import type { Doc } from '../../../generator/model.ts';
import { routeSite } from '../../../generator/routes/site.ts';
import { fakeDoc, thrown } from '../../helpers.ts';

const sitemap = (...paths: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset>\n${paths.map((p) => `<url><loc>https://docs.example${p}</loc></url>`).join('\n')}\n</urlset>\n`;
const withRaw = (doc: Doc, raw: string): Doc => ({ ...doc, raw });
const contentOf = (docs: Doc[]) => ({ docs, pages: [], navbar: [], categories: [], sidebars: {}, displayedSidebars: {}, assets: new Map(), staticFiles: [] });

describe('the previous sitemap', () => {
  it('gives its routes below the base path, at their lines', () => {
    const xml = sitemap('/dev/docs/a/', '/dev/docs/b%20c', '/dev/docs/x.html', '/dev/?q=1&amp;r=2');
    expect(sitemapRoutes(xml, '/dev/')).toEqual([
      { route: '/docs/a', line: 3 },
      { route: '/docs/b c', line: 4 },
      { route: '/docs/x', line: 5 },
      { route: '/', line: 6 },
    ]);
  });

  it('is the output folder\'s by default, else the file or URL given', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-previous-'));
    expect(await readPreviousSitemap(root, path.join(root, 'build'))).toBeUndefined();
    mkdirSync(path.join(root, 'build'));
    writeFileSync(path.join(root, 'build/sitemap.xml'), sitemap('/docs/a'));
    writeFileSync(path.join(root, 'prod.xml'), sitemap('/docs/b'));
    expect(await readPreviousSitemap(root, path.join(root, 'build'))).toEqual({ source: 'build/sitemap.xml', xml: sitemap('/docs/a') });
    expect((await readPreviousSitemap(root, path.join(root, 'build'), 'prod.xml'))?.source).toBe('prod.xml');
    const server = http.createServer((req, res) => (req.url === '/sitemap.xml' ? res.end(sitemap('/docs/c')) : res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await readPreviousSitemap(root, root, `${url}/sitemap.xml`)).toEqual({ source: `${url}/sitemap.xml`, xml: sitemap('/docs/c') });
      await expect(readPreviousSitemap(root, root, `${url}/missing.xml`)).rejects.toThrow(`cannot fetch the previous sitemap ${url}/missing.xml: HTTP 404`);
    } finally {
      server.close();
    }
    await expect(readPreviousSitemap(root, root, 'nope.xml')).rejects.toThrow('the previous sitemap nope.xml does not exist');
  });
});

describe('moved pages', () => {
  const docs = [fakeDoc('index'), fakeDoc('guides/go-live'), fakeDoc('guides/setup')];

  it('are the routes neither served nor redirected now, with the redirect to add', () => {
    const { routes } = routeSite(contentOf(docs), [{ from: '/docs/old-setup', to: '/docs/guides/setup', line: 2 }]);
    const previous = sitemapRoutes(sitemap('/docs', '/docs/guides/setup', '/docs/old-setup', '/docs/guides/production-checklist'), '/');
    const found = movedPages(previous, routes, 'build/sitemap.xml');
    expect(found.map(formatDiagnostic)).toEqual([
      'build/sitemap.xml:6:1 warning moved page: /docs/guides/production-checklist was a page of the previous build and is neither a page nor a redirect now\n' +
        '  hint: add to redirects.json: { "from": "/docs/guides/production-checklist", "to": "/docs/guides/go-live" }, (or redirect_from: [/docs/guides/production-checklist] in the front matter of the page at /docs/guides/go-live)',
    ]);
    expect(redirectBlock(found)).toBe('moved pages: add to redirects.json\n  { "from": "/docs/guides/production-checklist", "to": "/docs/guides/go-live" },');
  });

  it('prefers a new page of the same name, and leaves the target to fill in when none is likely', () => {
    const { routes } = routeSite(contentOf([...docs, fakeDoc('reference/setup-guide'), fakeDoc('api/tokens')]), []);
    const previous = sitemapRoutes(sitemap('/docs/guides/tokens', '/docs/zzzzzzzzzzzzzzzzzz'), '/');
    expect(movedPages(previous, routes, 'prod.xml').map((d) => d.hint)).toEqual([
      'add to redirects.json: { "from": "/docs/guides/tokens", "to": "/docs/api/tokens" }, (or redirect_from: [/docs/guides/tokens] in the front matter of the page at /docs/api/tokens)',
      'add to redirects.json: { "from": "/docs/zzzzzzzzzzzzzzzzzz", "to": "/…" },',
    ]);
  });

  it('are none when every old route is a page or a redirect', () => {
    const { routes } = routeSite(contentOf(docs), [{ from: '/docs/old', to: '/docs/guides/setup', line: 2 }]);
    expect(movedPages(sitemapRoutes(sitemap('/docs/', '/docs/old/', '/docs/guides/setup'), '/'), routes, 'x')).toEqual([]);
  });
});

describe('redirect_from', () => {
  it('makes redirects to the doc, conflicts reported at the front matter line', () => {
    const moved = withRaw(fakeDoc('guides/go-live', { redirect_from: ['/docs/guides/production-checklist', '/docs/guides/setup'] }), '---\ntitle: Go live\nredirect_from:\n  - /docs/guides/production-checklist\n---\n');
    const site = routeSite(contentOf([fakeDoc('index'), moved, fakeDoc('guides/setup')]), []);
    expect(site.redirects).toEqual([{ from: '/docs/guides/production-checklist', to: '/docs/guides/go-live', line: 3, file: 'content/docs/guides/go-live.md' }]);
    expect(site.redirectDiagnostics.map(formatDiagnostic)).toEqual(['content/docs/guides/go-live.md:3:1 error redirect conflict: /docs/guides/setup is a page of the site\n  hint: remove the redirect, or the page']);
  });

  it('refuses what cannot be an old route of the site', () => {
    const doc = withRaw(fakeDoc('a', { redirect_from: ['docs/old', '/docs/:slug', '/docs/../etc'] }), '---\nredirect_from: [docs/old]\n---\n');
    expect(frontMatterRedirects([doc]).diagnostics.map(formatDiagnostic)).toMatchInlineSnapshot(`
      [
        "content/docs/a.md:2:1 error broken redirect: redirect_from "docs/old" is not a site path (it must start with "/" and hold only URL path characters, without a query or #fragment)
        hint: list the old routes of this page, e.g. redirect_from: [/docs/old-name]",
        "content/docs/a.md:2:1 error broken redirect: redirect_from "/docs/:slug" cannot be a pattern, a query or a #fragment
        hint: list the old routes of this page, e.g. redirect_from: [/docs/old-name]",
        "content/docs/a.md:2:1 error broken redirect: redirect_from "/docs/../etc" has a ".." segment
        hint: list the old routes of this page, e.g. redirect_from: [/docs/old-name]",
      ]
    `);
  });

  it('is a string or a list of strings in the front matter', async () => {
    const { parseFrontMatter } = await import('../../../generator/content/frontmatter.ts');
    expect(parseFrontMatter('---\nredirect_from: /docs/old\n---\nx', 'a.md', []).frontMatter.redirect_from).toEqual(['/docs/old']);
    expect(thrown(() => parseFrontMatter('---\nredirect_from: 3\n---\nx', 'a.md', []))).toContain('front matter "redirect_from"');
  });
});
