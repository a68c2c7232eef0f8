import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, request } from '../helpers.ts';
import { launchBrowser, startCli, type CliServer } from './browser.ts';

let browser: Browser;
let site: string;
let serve: CliServer;

beforeAll(async () => {
  site = copyFixture('basic');
  const built = await docgen(site, ['build']);
  expect(built.code, built.stderr).toBe(0);
  [browser, serve] = await Promise.all([launchBrowser(), startCli(site, ['serve', '--port', '0'])]);
});
afterAll(async () => {
  await browser?.close();
  await serve?.stop();
});

describe('docgen serve: a finished build as a static host serves it', () => {
  it('serves clean URLs, with and without a trailing slash', async () => {
    const page = await browser.newPage();
    for (const route of ['/docs/guide', '/docs/guide/', '/docs/guide/index.html']) {
      const res = await page.goto(`${serve.url}${route}`);
      expect(res?.status(), route).toBe(200);
      expect(await page.title()).toBe('Guide | Fixture Docs');
    }
    await page.close();
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${serve.url}/docs/nowhere`);
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    await page.close();
  });

  it('answers the build redirects with a real 301, keeping the query', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${serve.url}/old-intro?from=test`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/docs/?from=test');
    expect(await res?.request().redirectedFrom()?.response().then((r) => r?.status())).toBe(301);
    await page.close();
  });

  it('marks hashed assets immutable, HTML revalidated, and compresses what the browser accepts', async () => {
    const page = await browser.newPage();
    const assets: { url: string; cacheControl?: string }[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/')) assets.push({ url: r.url(), cacheControl: r.headers()['cache-control'] });
    });
    const res = await page.goto(`${serve.url}/docs/guide/code`);
    expect(res?.headers()['cache-control']).toBe('no-cache');
    const accepted = (await res!.request().headerValue('accept-encoding')) ?? '';
    expect(res?.headers()['content-encoding']).toBe(accepted.includes('br') ? 'br' : 'gzip');
    await page.waitForLoadState('load');
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const a of assets) expect(a.cacheControl, a.url).toBe('public, max-age=31536000, immutable');
    await page.close();
  });

  it('answers If-None-Match with 304 and HEAD with headers only', async () => {
    const first = await request(serve.url, '/docs/guide/code', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(first.body).toString()).toBe(read(site, 'build/docs/guide/code/index.html'));
    const again = await request(serve.url, '/docs/guide/code', { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    const head = await request(serve.url, '/docs/guide/code', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('never serves a file outside the build, raw or encoded', async () => {
    writeFileSync(path.join(site, 'secret.txt'), 'outside');
    for (const target of ['/../secret.txt', '/%2e%2e/secret.txt', '/docs/..%2f..%2fsecret.txt', '/%2e%2e%5csecret.txt', '/secret.txt%00']) {
      expect((await request(serve.url, target)).status, target).toBe(400);
    }
    for (const target of ['//secret.txt', `/${path.join(site, 'secret.txt')}`]) {
      const res = await request(serve.url, target);
      expect(res.status, target).toBe(404);
      expect(res.body.toString()).not.toContain('outside');
    }
  });
});

/** Whether something accepts connections at host:port. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('dev and serve processes', () => {
  it('refuse a port in use with one clear message, and pick a free one for --port 0', async () => {
    const port = Number(new URL(serve.url).port);
    for (const command of ['serve', 'dev']) {
      const res = await docgen(site, [command, '--port', String(port)]);
      expect(res.code, command).toBe(1);
      expect(res.stderr, command).toContain(`error port ${port} is in use\n  hint: pass --port 0 to pick a free port`);
    }
    expect(port).toBeGreaterThan(0);
  });

  it('bind 127.0.0.1 unless --host says otherwise', async () => {
    const port = Number(new URL(serve.url).port);
    expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(await reachable('127.0.0.1', port)).toBe(true);
    expect(await reachable('127.0.0.2', port)).toBe(false);
    const open = await startCli(site, ['serve', '--port', '0', '--host', '0.0.0.0']);
    expect(await reachable('127.0.0.2', Number(new URL(open.url).port))).toBe(true);
    await open.stop();
  });

  it('docgen dev exits cleanly within a second of Ctrl+C, watcher and all', async () => {
    const dir = copyFixture('basic');
    const dev = await startCli(dir, ['dev', '--port', '0']);
    const res = await request(dev.url, '/docs/');
    expect(res.status).toBe(200);
    writeFileSync(path.join(dir, 'content/docs/guide/index.md'), `${read(dir, 'content/docs/guide/index.md')}\nMore.\n`);
    await expect.poll(() => dev.output(), { timeout: 10_000 }).toMatch(/re-rendered 1 page in \d+ ms/);
    const { code, ms } = await dev.stop();
    expect(code).toBe(0);
    expect(ms).toBeLessThan(1000);
  });
});
