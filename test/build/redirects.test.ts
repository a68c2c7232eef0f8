import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read } from '../helpers.ts';

/**
 * Pattern redirects and the `.html` forms of pages on the basic fixture: a pattern is expanded
 * to a stub for every page it matches and written once as a host rule; a bad one fails at its
 * line and column, leaving the previous build/ as it was.
 */
const PATTERN = '[\n  { "from": "/old-intro", "to": "/docs/" },\n  { "from": "/old-guide/:page", "to": "/docs/guide/:page" }\n]\n';
let site: string;
let out: string;
let built: Awaited<ReturnType<typeof docgen>>;

beforeAll(async () => {
  site = copyFixture('basic');
  out = path.join(site, 'build');
  writeFileSync(path.join(site, 'redirects.json'), PATTERN);
  built = await docgen(site, ['build']);
}, 120_000);

describe('a pattern redirect', () => {
  it('gets a stub for every page its target matches, counted with the redirects', () => {
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toContain('6 pages, 3 redirects, 0 warnings, 0 errors');
    expect(read(out, 'old-guide/code/index.html')).toContain('<meta http-equiv="refresh" content="0; url=/docs/guide/code">');
    expect(read(out, 'old-guide/code.html')).toContain('<link rel="canonical" href="/docs/guide/code">');
    expect(read(out, 'old-guide/nested/index.html')).toContain('url=/docs/guide/nested/"');
    expect(readdirSync(path.join(out, 'old-guide')).sort()).toEqual(['code', 'code.html', 'nested', 'nested.html']);
  });

  it('is one rule for hosts: a splat line in _redirects, after the paths, and a regex in the nginx map', () => {
    const lines = read(out, '_redirects').trim().split('\n');
    expect(lines.at(-1)).toBe('/old-guide/:page /docs/guide/:page 301');
    expect(lines.filter((l) => l.startsWith('/old-guide'))).toHaveLength(1);
    expect(read(out, 'redirects.nginx.conf')).toContain('    "~^/old-guide/([^/]+?)(?:/|\\.html|/index\\.html)?$" "/docs/guide/$1";\n}');
  });
});

describe('a bad pattern redirect', () => {
  async function buildWith(redirects: string) {
    const before = read(out, 'docs/index.html');
    writeFileSync(path.join(site, 'redirects.json'), redirects);
    try {
      const res = await docgen(site, ['build']);
      expect(read(out, 'docs/index.html')).toBe(before);
      expect(readFileSync(path.join(out, 'old-guide/code/index.html'), 'utf8')).toContain('/docs/guide/code');
      return res;
    } finally {
      writeFileSync(path.join(site, 'redirects.json'), PATTERN);
    }
  }

  it('with an unknown placeholder in "to" fails at its line and column', async () => {
    const res = await buildWith('[\n  { "from": "/old-guide/:page",\n    "to": "/docs/guide/:slug" }\n]\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error redirects.json:3:11: entry [0].to: unknown placeholder ":slug" ("/old-guide/:page" has :page)\n  hint: a pattern names its placeholders in both paths');
  });

  it('matching no page, or matching a page of the site, fails naming its line', async () => {
    const res = await buildWith('[\n  { "from": "/old/:page", "to": "/docs/nowhere/:page" },\n  { "from": "/docs/guide/:page", "to": "/docs/guide/nested/:page" }\n]\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('redirects.json:2:1 error broken redirect: /old/:page → /docs/nowhere/:page: no page matches /docs/nowhere/:page');
    expect(res.stderr).toContain('redirects.json:3:1 error redirect conflict: /docs/guide/:page matches /docs/guide/code, a page of the site');
  });
});

describe('the .html forms of pages', () => {
  it('are copies of the page, whose canonical link names the clean URL', () => {
    for (const [form, page, route] of [
      ['docs/guide/code.html', 'docs/guide/code/index.html', '/docs/guide/code'],
      ['docs/guide.html', 'docs/guide/index.html', '/docs/guide/'],
      ['docs.html', 'docs/index.html', '/docs/'],
    ]) {
      expect(read(out, form)).toBe(read(out, page));
      expect(read(out, form)).toContain(`<link rel="canonical" href="https://docs.fixture.example${route}">`);
    }
    expect(readdirSync(out)).not.toContain('.html');
  });
});
