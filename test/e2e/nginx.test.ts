import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeRoute } from '../../generator/content/routes.ts';
import { expandPattern, isPattern } from '../../generator/redirects/patterns.ts';
import { ensureDebianPackage, NGINX } from '../apt.mjs';
import { REPO } from '../helpers.ts';
import { sharedRealBuild } from '../real-build.ts';

/**
 * The real site behind Debian's nginx, configured as the header of the generated
 * `redirects.nginx.conf` says: every redirect is a real 301 (query kept), every page answers
 * at its clean URL, and its `.html` forms redirect there.
 */
const missing = ensureDebianPackage('nginx', NGINX);
if (missing) console.warn(`nginx test skipped: ${missing}`);

const listed: { from: string; to: string }[] = JSON.parse(readFileSync(path.join(REPO, 'redirects.json'), 'utf8'));
const SITE = 'https://docs.vaultline.example';
let out: string;
let base: string;
let routes: string[];
let nginx: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A whole nginx.conf: the include and the server lines exactly as the generated file's header gives them. */
function nginxConf(prefix: string, port: number): string {
  const include = path.join(out, 'redirects.nginx.conf');
  const serverLines = readFileSync(include, 'utf8').split('\n').filter((l) => l.startsWith('#   ')).map((l) => `    ${l.slice(4)}`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(prefix, t)};`);
  return [
    'daemon off;',
    'master_process off;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'error.log')} warn;`,
    'events { worker_connections 64; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  access_log off;',
    ...temp,
    `  include ${include};`,
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    root ${out};`,
    ...serverLines,
    '  }',
    '}',
    '',
  ].join('\n');
}

describe.skipIf(missing)('nginx with the generated map', () => {
  beforeAll(async () => {
    out = await sharedRealBuild();
    routes = [...readFileSync(path.join(out, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(SITE.length));
    const prefix = mkdtempSync(path.join(os.tmpdir(), 'docgen-nginx-prefix-'));
    mkdirSync(path.join(prefix, 'logs'));
    const port = await freePort();
    const conf = path.join(prefix, 'nginx.conf');
    writeFileSync(conf, nginxConf(prefix, port));
    const test = spawnSync(NGINX, ['-t', '-p', prefix, '-c', conf], { encoding: 'utf8' });
    expect(test.status, test.stderr).toBe(0);
    nginx = spawn(NGINX, ['-p', prefix, '-c', conf], { stdio: 'ignore' });
    base = `http://127.0.0.1:${port}`;
    for (let tries = 0; (await fetch(`${base}/`).then((r) => r.status, () => 0)) !== 200; tries++) {
      if (tries === 100) throw new Error(`nginx did not answer on ${base}: ${readFileSync(path.join(prefix, 'error.log'), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 240_000);

  afterAll(() => {
    nginx?.kill();
  });

  const get = async (p: string) => {
    const url = `${base}${p}`;
    // nginx may close a kept-alive connection just as fetch reuses it ("other side closed");
    // browsers retry such a request on a new connection, fetch does not, so do it here once.
    return fetch(url, { redirect: 'manual' }).catch(() => fetch(url, { redirect: 'manual' }));
  };

  it('answers every redirect, patterns expanded, in every spelling, with a 301 to its page keeping the query', async () => {
    const redirects = listed.flatMap((r) => (isPattern(r.from) ? expandPattern(r.from, r.to, routes.map(normalizeRoute)) : [r]));
    expect(redirects.map((r) => r.from)).toContain('/concepts/elements');
    for (const { from, to } of redirects) {
      const bare = from.replace(/\/$/, '');
      for (const spelling of [bare, `${bare}/`, `${bare}.html`, `${bare}/index.html`]) {
        const res = await get(`${spelling}?ref=old`);
        expect(res.status, spelling).toBe(301);
        const location = new URL(res.headers.get('location')!, base);
        expect(location.pathname.replace(/\/$/, ''), spelling).toBe(to.replace(/\/$/, ''));
        expect(location.search).toBe('?ref=old');
        // The page it names is there, under that very spelling.
        expect((await get(`${location.pathname}`)).status, location.pathname).toBe(200);
      }
    }
  });

  it('answers a pattern rule by its regex: any old path under it, in every spelling, the plain entries first', async () => {
    const target = async (p: string) => {
      const res = await get(`${p}?ref=old`);
      expect(res.status, p).toBe(301);
      return res.headers.get('location')!.replace(base, '');
    };
    for (const spelling of ['/concepts/elements', '/concepts/elements/', '/concepts/elements.html', '/concepts/elements/index.html']) {
      expect(await target(spelling)).toBe('/docs/concepts/elements?ref=old');
    }
    expect(await target('/concepts/understanding-permissions')).toBe('/docs/concepts/access-controls?ref=old');
    expect((await get('/concepts/elements/deeper')).status).toBe(404);
  });

  it('serves every page at its clean URL, and redirects its .html forms there', async () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const res = await get(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain(`<link rel="canonical" href="${SITE}${route}">`);
      const bare = route.replace(/\/$/, '');
      for (const spelling of bare ? [`${bare}.html`, `${bare}/index.html`] : ['/index.html']) {
        const moved = await get(spelling);
        expect(moved.status, spelling).toBe(301);
        expect(new URL(moved.headers.get('location')!, base).pathname).toBe(route);
      }
    }
  });

  it('serves files as they are and answers an unknown path with the not-found page', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    const missingPage = await get('/docs/no-such-page');
    expect(missingPage.status).toBe(404);
    expect(await missingPage.text()).toContain('Page Not Found');
  });

  it("sends the build's Content-Security-Policy, as _headers gives it, on pages, the not-found page and files", async () => {
    const policy = /^\s+Content-Security-Policy: (.+)$/m.exec(readFileSync(path.join(out, '_headers'), 'utf8'))![1];
    expect(policy).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
    for (const p of ['/', '/docs/', '/docs/no-such-page', '/sitemap.xml']) expect((await get(p)).headers.get('content-security-policy'), p).toBe(policy);
  });
});
