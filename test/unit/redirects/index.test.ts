import { describe, expect, it } from 'vitest';
import { buildRedirects, STUB_SCRIPT, stubPage } from '../../../generator/redirects/index.ts';
import { buildRoutes } from '../../../generator/routes/index.ts';
import { fakeDoc as doc } from '../../helpers.ts';

const content = { docs: [doc('index'), doc('api/tokens')], pages: [], navbar: [], categories: [], sidebars: {}, displayedSidebars: {}, assets: new Map(), staticFiles: [] };

describe('redirect stubs', () => {
  it('writes from/index.html and from.html for each redirect, never over a file of the build', () => {
    const list = [
      { from: '/old', to: '/docs/' },
      { from: '/older/', to: '/docs/api/tokens' },
      { from: '/legacy/page.html', to: '/docs/' },
      { from: '/logo', to: '/docs/' },
    ];
    const files = buildRedirects(list, buildRoutes(content, list), new Set(['/logo.html']));
    expect(files.map((f) => f.path)).toEqual(['old/index.html', 'old.html', 'older/index.html', 'older.html', 'legacy/page.html', 'logo/index.html', '_redirects', 'redirects.nginx.conf']);
  });

  it('sends stubs to their target under the base URL, and writes the host rules under it', () => {
    const list = [
      { from: '/old', to: '/docs/api/tokens#a' },
      { from: '/away', to: 'https://status.example/' },
    ];
    const files = buildRedirects(list, buildRoutes(content, list), new Set(), '', '/developers/');
    // Stubs sit where the host looks for the old path, inside the build folder: their paths are the same.
    expect(files.map((f) => f.path)).toEqual(['old/index.html', 'old.html', 'away/index.html', 'away.html', '_redirects', 'redirects.nginx.conf']);
    const text = (p: string) => String(files.find((f) => f.path === p)!.contents);
    expect(text('old.html')).toContain('<meta http-equiv="refresh" content="0; url=/developers/docs/api/tokens#a">');
    expect(text('away.html')).toContain('<meta http-equiv="refresh" content="0; url=https://status.example/">');
    expect(text('_redirects')).toContain('/developers/old.html /developers/docs/api/tokens#a 301\n');
  });

  it('is a zero-second refresh with canonical and noindex, the target escaped', () => {
    const html = stubPage('/docs/a"b<c');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/docs/a&quot;b&lt;c">');
    expect(html).toContain('<link rel="canonical" href="/docs/a&quot;b&lt;c">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    // One script text for every stub (one hash in the Content-Security-Policy); the target is its data.
    expect(html).toContain(`<script data-to="/docs/a&quot;b&lt;c">${STUB_SCRIPT}</script>`);
    expect(html).not.toContain('<c');
    // The script runs before the refresh can fire, so query and hash are not lost.
    expect(html.indexOf('<script')).toBeLessThan(html.indexOf('http-equiv="refresh"'));
  });
});
