import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiate, parseRedirectRules, withQuery } from '../../../generator/serve/http.ts';
import { createStaticServer } from '../../../generator/serve/index.ts';
import { request as rawRequest } from '../../helpers.ts';

const request = (p: number, target: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') => rawRequest(`http://127.0.0.1:${p}`, target, headers, method);

let dir: string;
let port: number;
let server: http.Server;

const PAGE = `<!DOCTYPE html><h1>a</h1>${'<p>Tokens replace sensitive data.</p>'.repeat(100)}`;

beforeAll(async () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'docgen-http-'));
  dir = path.join(base, 'build');
  mkdirSync(path.join(dir, 'docs', 'a'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(base, 'secret.txt'), 'outside the site');
  writeFileSync(path.join(dir, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(dir, 'docs', 'a', 'index.html'), PAGE);
  writeFileSync(path.join(dir, 'docs', 'a.md'), '# a');
  writeFileSync(path.join(dir, 'assets', 'main.1234abcd.js'), 'console.log(1);'.repeat(200));
  writeFileSync(path.join(dir, 'assets', 'logo.png'), Buffer.alloc(4000, 7));
  writeFileSync(path.join(dir, '404.html'), '<h1>not found</h1>');
  writeFileSync(path.join(dir, 'sitemap.xml'), '<urlset/>');
  writeFileSync(path.join(dir, '_redirects'), '/old /docs/a 301\n/old/ /docs/a 301\n');
  symlinkSync(path.join(base, 'secret.txt'), path.join(dir, 'leak.txt'));
  server = createStaticServer(dir);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('static host semantics', () => {
  it('serves clean URLs with and without a trailing slash, and files by name', async () => {
    for (const p of ['/docs/a', '/docs/a/', '/docs/a/index.html']) {
      const res = await request(port, p);
      expect(res.status, p).toBe(200);
      expect(res.body.toString()).toBe(PAGE);
    }
    expect((await request(port, '/')).body.toString()).toBe('<h1>home</h1>');
  });

  it('names the content type of each kind of file', async () => {
    const types: Record<string, string> = {
      '/docs/a/': 'text/html; charset=utf-8',
      '/docs/a.md': 'text/markdown; charset=utf-8',
      '/assets/main.1234abcd.js': 'text/javascript; charset=utf-8',
      '/assets/logo.png': 'image/png',
      '/sitemap.xml': 'application/xml; charset=utf-8',
    };
    for (const [p, type] of Object.entries(types)) expect((await request(port, p)).headers['content-type'], p).toBe(type);
  });

  it('answers an unknown path with 404.html and status 404', async () => {
    for (const p of ['/docs/missing', '/docs/a.md/', '/docs/a.md/x']) {
      const res = await request(port, p);
      expect(res.status, p).toBe(404);
      expect(res.body.toString()).toBe('<h1>not found</h1>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers redirects with a real 301 keeping the query, for both spellings', async () => {
    for (const p of ['/old?x=1', '/old/?x=1']) {
      const res = await request(port, p);
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe('/docs/a?x=1');
    }
  });

  it('marks content-hashed assets immutable and makes HTML revalidate', async () => {
    expect((await request(port, '/assets/main.1234abcd.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(port, '/docs/a/')).headers['cache-control']).toBe('no-cache');
    expect((await request(port, '/sitemap.xml')).headers['cache-control']).toBe('no-cache');
  });

  it('answers If-None-Match with 304 and no body while the file is unchanged', async () => {
    const first = await request(port, '/docs/a/');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await request(port, '/docs/a/', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    writeFileSync(path.join(dir, 'docs', 'a', 'index.html'), `${PAGE}<p>edited</p>`);
    const changed = await request(port, '/docs/a/', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.toString()).toContain('edited');
    writeFileSync(path.join(dir, 'docs', 'a', 'index.html'), PAGE);
  });

  it('compresses with brotli or gzip as the client accepts, each with its own ETag', async () => {
    const br = await request(port, '/docs/a/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept, Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(br.body.length).toBeLessThan(PAGE.length / 5);
    const gz = await request(port, '/docs/a/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(PAGE);
    expect(new Set([br.headers.etag, gz.headers.etag, (await request(port, '/docs/a/')).headers.etag]).size).toBe(3);
    expect((await request(port, '/docs/a/', { 'if-none-match': br.headers.etag!, 'accept-encoding': 'br' })).status).toBe(304);
    const png = await request(port, '/assets/logo.png', { 'accept-encoding': 'br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    const small = await request(port, '/', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('follows the quality values the client sends', async () => {
    const gz = await request(port, '/docs/a/', { 'accept-encoding': 'gzip;q=1, br;q=0.5' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(PAGE);
    const none = await request(port, '/docs/a/', { 'accept-encoding': 'br;q=0, identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(PAGE);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await request(port, '/docs/a/', { 'accept-encoding': 'gzip' });
    const head = await request(port, '/docs/a/', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect((await request(port, '/nope', {}, 'HEAD')).status).toBe(404);
    const post = await request(port, '/docs/a/', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('never serves a file outside the site, however the path is written', async () => {
    for (const p of ['/../secret.txt', '/docs/../../secret.txt', '/%2e%2e/secret.txt', '/docs/%2e%2e%2f%2e%2e%2fsecret.txt', '/..%5csecret.txt', '/secret.txt%00.html']) {
      const res = await request(port, p);
      expect(res.status, p).toBe(400);
      expect(res.body.toString()).not.toContain('outside the site');
    }
    for (const p of ['//secret.txt', `/${path.join(path.dirname(dir), 'secret.txt')}`, '/leak.txt']) {
      const res = await request(port, p);
      expect(res.status, p).toBe(404);
      expect(res.body.toString()).not.toContain('outside the site');
    }
  });

  it('negotiates by quality values: the highest weighed encoding, brotli on a tie', () => {
    expect(negotiate('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiate('br;q=0.1, gzip;q=1')).toBe('gzip');
    expect(negotiate('gzip;q=0.5, br;q=0.5')).toBe('br');
    expect(negotiate('gzip, deflate, br')).toBe('br');
    expect(negotiate('GZIP ; Q=0.8 , BR;q=0.9')).toBe('br');
    expect(negotiate(undefined)).toBeUndefined();
  });

  it('never sends an encoding weighed 0, and sends none when identity weighs more', () => {
    expect(negotiate('gzip, br;q=0')).toBe('gzip');
    expect(negotiate('br;q=0')).toBeUndefined();
    expect(negotiate('*;q=0.5, br;q=0')).toBe('gzip');
    expect(negotiate('*, br;q=0, gzip;q=0')).toBeUndefined();
    expect(negotiate('*')).toBe('br');
    expect(negotiate('*;q=0')).toBeUndefined();
    expect(negotiate('identity')).toBeUndefined();
    expect(negotiate('identity;q=1, gzip;q=0.5')).toBeUndefined();
    expect(negotiate('identity;q=0.1, gzip;q=0.5')).toBe('gzip');
    expect(negotiate('deflate')).toBeUndefined();
    expect(negotiate('gzip;q=abc, br;q=2')).toBeUndefined();
  });
});

describe('redirect rules', () => {
  it('put the query before the target\'s own fragment', () => {
    expect(withQuery('/docs/a#part', 'x=1')).toBe('/docs/a?x=1#part');
    expect(withQuery('/docs/a?v=2#part', 'x=1')).toBe('/docs/a?v=2&x=1#part');
    expect(withQuery('/docs/a', undefined)).toBe('/docs/a');
  });

  it('match requests by their decoded path, the first rule for a path winning', () => {
    const rules = parseRedirectRules('/caf%C3%A9 /docs/a 301\n/caf%C3%A9 /docs/b 301\n');
    expect(rules.get('/café')).toBe('/docs/a');
  });

  it('match patterns in every spelling, after the plain paths, the values encoded again', () => {
    const rules = parseRedirectRules('/concepts/elements /docs/x 301\n/concepts/:slug /docs/concepts/:slug#top 301\n/old/* /docs/:splat 301\n');
    expect(rules.get('/concepts/elements')).toBe('/docs/x');
    for (const p of ['/concepts/tokens', '/concepts/tokens/', '/concepts/tokens.html', '/concepts/tokens/index.html']) expect(rules.get(p)).toBe('/docs/concepts/tokens#top');
    expect(rules.get('/concepts/a b')).toBe('/docs/concepts/a%20b#top');
    expect(rules.get('/concepts/a/b')).toBeUndefined();
    expect(rules.get('/old/a/b/')).toBe('/docs/a/b');
    expect(rules.get('/concepts')).toBeUndefined();
  });

  it('can be left out, like a host without redirect support', async () => {
    const plain = createStaticServer(dir, { redirects: false });
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/old`, { redirect: 'manual' });
      expect(res.status).toBe(404);
    } finally {
      plain.close();
    }
  });
});

describe("a page's Markdown for Accept: text/markdown", () => {
  it('answers a clean URL asking for text/markdown with the Markdown beside the page, and HTML otherwise', async () => {
    for (const p of ['/docs/a', '/docs/a/']) {
      const md = await request(port, p, { accept: 'text/markdown' });
      expect(md.status, p).toBe(200);
      expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(md.body.toString()).toBe('# a');
      expect(md.headers.vary).toBe('Accept');
    }
    const browser = await request(port, '/docs/a/', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(browser.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(browser.headers.vary).toBe('Accept, Accept-Encoding');
    expect((await request(port, '/docs/a/', { accept: 'text/markdown;q=0, text/html' })).headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('falls back to the HTML where no Markdown is published, and leaves files alone', async () => {
    const home = await request(port, '/', { accept: 'text/markdown' });
    expect(home.body.toString()).toBe('<h1>home</h1>');
    expect(home.headers.vary).toBeUndefined();
    const sitemap = await request(port, '/sitemap.xml', { accept: 'text/markdown' });
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.headers.vary).toBeUndefined();
    expect((await request(port, '/docs/a.md')).headers.vary).toBeUndefined();
  });
});
