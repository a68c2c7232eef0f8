import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer, resolveStatic, withQuery } from '../../../generator/serve/index.ts';

let dir: string;
let base: string;
let close: () => void;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-serve-'));
  mkdirSync(path.join(dir, 'docs', 'a'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(dir, 'docs', 'a', 'index.html'), '<h1>a</h1>');
  writeFileSync(path.join(dir, '404.html'), '<h1>not found</h1>');
  writeFileSync(path.join(dir, '_redirects'), '/old /docs/a 301\n/old/ /docs/a 301\n');
  const server = createStaticServer(dir);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('static server', () => {
  it('serves clean URLs with and without a trailing slash', async () => {
    for (const p of ['/docs/a', '/docs/a/']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<h1>a</h1>');
    }
  });

  it('answers 404 with the not-found page', async () => {
    const res = await fetch(`${base}/docs/missing`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('<h1>not found</h1>');
  });

  it('answers the build redirects with a real 301, keeping the query', async () => {
    const res = await fetch(`${base}/old?x=1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/docs/a?x=1');
  });

  it('puts the query before the target\'s own fragment', () => {
    expect(withQuery('/docs/a#part', 'x=1')).toBe('/docs/a?x=1#part');
    expect(withQuery('/docs/a?v=2#part', 'x=1')).toBe('/docs/a?v=2&x=1#part');
    expect(withQuery('/docs/a', undefined)).toBe('/docs/a');
  });

  it('serves the files as they are when redirects are off, like a host without rules', async () => {
    const plain = createStaticServer(dir, { redirects: false });
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/old`, { redirect: 'manual' });
      expect(res.status).toBe(404);
    } finally {
      plain.close();
    }
  });

  it('never resolves a path outside the site', () => {
    expect(resolveStatic(dir, '/../../etc/passwd')).toBeNull();
    expect(resolveStatic(dir, '/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
    expect(resolveStatic(dir, '/docs/a%00')).toBeNull();
  });
});
