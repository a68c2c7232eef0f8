import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor, parseHeaderRules } from '../../../generator/serve/headers.ts';
import { createStaticServer } from '../../../generator/serve/index.ts';

describe('_headers', () => {
  it('reads path blocks with indented headers, comments aside, a later block winning', () => {
    const rules = parseHeaderRules(`# site\n/*\n  Content-Security-Policy: default-src 'self'; img-src 'self' data:\n  X-A: 1\n/docs/:page/raw\n  X-A: 2\n/assets/*\n  Cache-Control: immutable\n`);
    expect(headersFor(rules, '/')).toEqual({ 'content-security-policy': "default-src 'self'; img-src 'self' data:", 'x-a': '1' });
    expect(headersFor(rules, '/docs/a/raw')).toMatchObject({ 'x-a': '2' });
    expect(headersFor(rules, '/docs/a/b/raw')).toMatchObject({ 'x-a': '1' });
    expect(headersFor(rules, '/assets/x.js')).toMatchObject({ 'cache-control': 'immutable' });
    expect(headersFor(parseHeaderRules('/a.b\n  X: y\n'), '/aab')).toEqual({});
  });
});

describe('docgen serve sends the build\'s _headers', () => {
  let dir: string;
  let server: ReturnType<typeof createStaticServer>;
  let url: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-headers-'));
    mkdirSync(path.join(dir, 'docs'));
    writeFileSync(path.join(dir, 'docs', 'index.html'), '<p>docs</p>');
    writeFileSync(path.join(dir, '404.html'), '<p>missing</p>');
    writeFileSync(path.join(dir, '_headers'), "/*\n  Content-Security-Policy: default-src 'self'\n");
    server = createStaticServer(dir);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('on pages and on the 404 page, and follows a new build', async () => {
    for (const route of ['/docs/', '/nowhere']) expect((await fetch(`${url}${route}`)).headers.get('content-security-policy')).toBe("default-src 'self'");
    writeFileSync(path.join(dir, '_headers'), "/*\n  Content-Security-Policy: default-src 'none'\n");
    expect((await fetch(`${url}/docs/`)).headers.get('content-security-policy')).toBe("default-src 'none'");
  });
});
