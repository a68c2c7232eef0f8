import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBaseUrl } from '../../../generator/serve/base.ts';
import { createStaticServer } from '../../../generator/serve/index.ts';
import { request } from '../../helpers.ts';

/** A build made for `/developers/`: its 404 page names its canonical URL under the base, its rules carry it. */
function developersBuild(): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'docgen-serve-base-')), 'build');
  mkdirSync(path.join(dir, 'docs', 'a'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(dir, 'docs', 'a', 'index.html'), '<h1>a</h1>');
  writeFileSync(path.join(dir, '404.html'), '<link rel="canonical" href="https://example.com/developers/404"><h1>not found</h1>');
  writeFileSync(path.join(dir, '_redirects'), '/developers/old /developers/docs/a#top 301\n');
  return dir;
}

let dir: string;
let server: http.Server;
let origin: string;
const get = (target: string) => request(origin, target);

beforeAll(async () => {
  dir = developersBuild();
  server = createStaticServer(dir);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('docgen serve under a base URL', () => {
  it('reads the base a build was made for from its not-found page, else serves it at the root', () => {
    expect(buildBaseUrl(dir)).toBe('/developers/');
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-serve-root-'));
    expect(buildBaseUrl(root)).toBe('/');
    writeFileSync(path.join(root, '404.html'), '<link rel="canonical" href="https://example.com/404"><h1>not found</h1>');
    expect(buildBaseUrl(root)).toBe('/');
  });

  it('serves the pages under the base, clean URLs and files alike', async () => {
    for (const p of ['/developers/', '/developers/index.html', '/developers/docs/a', '/developers/docs/a/', '/developers/docs/a/index.html']) {
      expect((await get(p)).status, p).toBe(200);
    }
    expect((await get('/developers/docs/a')).body.toString()).toBe('<h1>a</h1>');
  });

  it('sends the base without its slash there for good, and the host root there for now, keeping the query', async () => {
    const bare = await get('/developers?x=1');
    expect([bare.status, bare.headers.location]).toEqual([301, '/developers/?x=1']);
    const root = await get('/');
    expect([root.status, root.headers.location]).toEqual([302, '/developers/']);
  });

  it('answers anything outside the base with the not-found page, even a path that is a file of the build', async () => {
    for (const p of ['/docs/a', '/docs/a/', '/index.html', '/developersx/docs/a']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.body.toString()).toContain('<h1>not found</h1>');
    }
    expect((await get('/developers/nowhere')).status).toBe(404);
  });

  it('follows the build\'s redirect rules, which are written under the base', async () => {
    const res = await get('/developers/old?ref=x');
    expect([res.status, res.headers.location]).toEqual([301, '/developers/docs/a?ref=x#top']);
  });

  it('serves at the root when told so, whatever the build says', async () => {
    const rooted = createStaticServer(dir, { base: '/' });
    await new Promise<void>((r) => rooted.listen(0, '127.0.0.1', r));
    try {
      const res = await request(`http://127.0.0.1:${(rooted.address() as AddressInfo).port}`, '/docs/a');
      expect(res.status).toBe(200);
    } finally {
      await new Promise<void>((r) => rooted.close(() => r()));
    }
  });
});
