import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeRoute } from '../../generator/content/routes.ts';
import { expandPattern, isPattern } from '../../generator/redirects/patterns.ts';
import { ensureDebianPackage, NGINX } from '../apt.mjs';
import { REPO } from '../helpers.ts';
import { sharedRealBuild } from '../real-build.ts';
import { getAlone, startNginx, type Nginx } from './nginx-server.ts';

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
let nginx: Nginx | undefined;

describe.skipIf(missing)('nginx with the generated map', () => {
  beforeAll(async () => {
    out = await sharedRealBuild();
    routes = [...readFileSync(path.join(out, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(SITE.length));
    nginx = await startNginx(NGINX, out);
    base = nginx.origin;
  }, 240_000);

  afterAll(() => {
    nginx?.stop();
  });

  const get = (p: string) => getAlone(`${base}${p}`);

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
    // The diagram runtime's modules: a browser runs no module served as text/plain.
    const runtime = readdirSync(path.join(out, 'assets', 'mermaid'), { recursive: true }).map(String).find((f) => f.endsWith('.mjs'));
    expect(runtime).toBeDefined();
    const module = await get(`/assets/mermaid/${runtime}`);
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    const missingPage = await get('/docs/no-such-page');
    expect(missingPage.status).toBe(404);
    expect(await missingPage.text()).toContain('Page Not Found');
  });

  it("sends the build's Content-Security-Policy, as _headers gives it, on pages, the not-found page and files", async () => {
    const policy = /^\s+Content-Security-Policy: (.+)$/m.exec(readFileSync(path.join(out, '_headers'), 'utf8'))![1];
    expect(policy).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
    for (const p of ['/', '/docs/', '/docs/no-such-page', '/sitemap.xml']) expect((await get(p)).headers.get('content-security-policy'), p).toBe(policy);
  });

  it('answers a page asked for with Accept: text/markdown (curl) with its published Markdown, Vary: Accept on both answers', () => {
    const curl = (p: string, accept: string) => {
      const out = execFileSync('curl', ['-s', '-i', '-H', `Accept: ${accept}`, `${base}${p}`], { encoding: 'utf8' });
      const [head, ...body] = out.split('\r\n\r\n');
      const header = (name: string) => new RegExp(`^${name}: (.*)\r$`, 'im').exec(head)?.[1];
      return { status: Number(head.split(' ')[1]), type: header('content-type'), vary: header('vary'), body: body.join('\r\n\r\n') };
    };
    const route = routes.find((r) => r.startsWith('/docs/') && r.length > 6)!;
    const published = readFileSync(path.join(out, `${route.replace(/^\/|\/$/g, '')}.md`), 'utf8');
    for (const accept of ['text/markdown', 'text/markdown;q=0.9, text/html;q=0.5']) {
      const md = curl(route, accept);
      expect(md.status, accept).toBe(200);
      expect(md.type).toBe('text/markdown; charset=utf-8');
      expect(md.vary).toBe('Accept');
      expect(md.body).toBe(published);
    }
    for (const accept of ['text/html,application/xhtml+xml,*/*;q=0.8', 'text/markdown;q=0']) {
      const html = curl(route, accept);
      expect(html.type, accept).toMatch(/^text\/html/);
      expect(html.vary).toBe('Accept');
      expect(html.body).toContain(`<link rel="alternate" type="text/markdown" href="${route.replace(/\/$/, '')}.md">`);
    }
    expect(curl('/sitemap.xml', 'text/markdown').type).toMatch(/xml/);
  });
});
