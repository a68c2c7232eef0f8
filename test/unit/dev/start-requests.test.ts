import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDev, type DevServer } from '../../../generator/dev/index.ts';
import { StartRequests, startRequestFile } from '../../../generator/dev/start-requests.ts';
import { request } from '../../helpers.ts';

const req = (url: string, method = 'GET', headers: http.IncomingHttpHeaders = {}) => ({ url, method, headers }) as http.IncomingMessage;
const none = () => false;
const res = () => new EventEmitter() as http.ServerResponse;

describe('startRequestFile: what a request made during the start waits for', () => {
  it('the page at a clean URL, inside the base', () => {
    expect(startRequestFile(req('/docs/guide/a'), '/', none)).toBe('docs/guide/a/index.html');
    expect(startRequestFile(req('/docs/guide/a/', 'HEAD'), '/', none)).toBe('docs/guide/a/index.html');
    expect(startRequestFile(req('/'), '/', none)).toBe('index.html');
    expect(startRequestFile(req('/developers/docs/a?x=1'), '/developers/', none)).toBe('docs/a/index.html');
    expect(startRequestFile(req('/docs/a'), '/developers/', none)).toBeUndefined();
  });

  it('a file already served (what a page served early loads), and no other file', () => {
    const has = (rel: string) => rel === 'assets/app.css';
    expect(startRequestFile(req('/assets/app.css'), '/', has)).toBe('assets/app.css');
    expect(startRequestFile(req('/assets/other.css'), '/', has)).toBeUndefined();
  });

  it('nothing for other methods, for a page asked as Markdown, or for a path that is not the site’s', () => {
    expect(startRequestFile(req('/docs/a', 'POST'), '/', none)).toBeUndefined();
    expect(startRequestFile(req('/docs/a', 'GET', { accept: 'text/markdown' }), '/', none)).toBeUndefined();
    expect(startRequestFile(req('/docs/%2e%2e/x'), '/', none)).toBeUndefined();
  });
});

describe('StartRequests', () => {
  it('answers a waiting request once its page is shown, and names the doc the run must render', async () => {
    const start = new StartRequests();
    const shown = start.served('docs/a/index.html', none, res());
    expect(start.asks('/docs/a')).toBe(true);
    expect(start.asks('/docs/b')).toBe(false);
    start.shown(['docs/a/index.html', 'assets/app.css']);
    await expect(shown).resolves.toBe(true);
    expect(start.asks('/docs/a')).toBe(false);
  });

  it('names the doc of every page file asked for (the page, its .html form, its chunk), and no other doc', () => {
    const cases: [string, string, string[]][] = [
      ['docs/a/index.html', '/docs/a/', ['/docs/a/b', '/docs/', '/docs/ab', '/']],
      ['docs/a.html', '/docs/a', ['/docs/a/b', '/docs/ab']],
      ['_chunks/docs/a.json', '/docs/a', ['/docs/a/', '/docs']],
      ['_chunks/docs/a/index.json', '/docs/a/', ['/docs/a', '/docs/a/index/']],
      ['_chunks/docs/a/index.json', '/docs/a/index', ['/docs/a/index/']],
      ['index.html', '/', ['/docs/index', '/docs/']],
      ['_chunks/index.json', '/', ['/docs/']],
    ];
    for (const [rel, route, others] of cases) {
      const start = new StartRequests();
      void start.served(rel, none, res());
      expect(start.asks(route), `${rel} → ${route}`).toBe(true);
      for (const other of others) expect(start.asks(other), `${rel} ↛ ${other}`).toBe(false);
    }
  });

  it('lets what still waits go once the run ends, and waits for the responses of the pages it showed', async () => {
    const start = new StartRequests();
    const never = start.served('docs/gone/index.html', none, res());
    const answer = res();
    void start.served('docs/a/index.html', none, answer);
    start.shown(['docs/a/index.html']);
    let out = false;
    const sent = start.sent().then(() => (out = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(out).toBe(false);
    answer.emit('finish');
    await sent;
    start.end();
    await expect(never).resolves.toBe(false);
    await expect(start.served('docs/b/index.html', none, res())).resolves.toBe(false);
    expect(start.open).toBe(false);
  });
});

const SITE: Record<string, string> = {
  'site.config.ts': `import { defineConfig } from 'docgen';\nexport default defineConfig({ title: 'Early', url: 'https://early.example' });\n`,
  'redirects.json': '[{ "from": "/old", "to": "/docs/guide/a" }]',
  'content/docs/index.md': '---\ntitle: Home\n---\n\nThe docs.\n',
  'content/docs/guide/a.md': '---\ntitle: Page A\n---\n\n## Setup\n\nFirst steps.\n\n```ts\nconst answer: number = 42;\n```\n',
  'content/docs/guide/b.md': '---\ntitle: Page B\n---\n\nSecond page.\n',
};

describe('docgen dev: a page asked for during the start', () => {
  let server: DevServer | undefined;
  let root: string | undefined;
  afterEach(async () => {
    await server?.close();
    if (root) rmSync(root, { recursive: true, force: true });
    server = root = undefined;
  });

  async function startSite(): Promise<{ server: DevServer; lines: string[] }> {
    root = mkdtempSync(path.join(os.tmpdir(), 'docgen-start-'));
    for (const [rel, text] of Object.entries(SITE)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    }
    const lines: string[] = [];
    server = await startDev({ root, port: 0, host: '127.0.0.1', log: (line) => lines.push(line) });
    return { server, lines };
  }

  it('is served before the server reports ready, with the stylesheet it links, as the finished site serves it', async () => {
    const { server, lines } = await startSite();
    const early = await request(server.url, '/docs/guide/a');
    // The start was still going on: it had not printed its line yet.
    expect(lines.filter((l) => l.startsWith('docgen dev:'))).toEqual([]);
    expect(early.status).toBe(200);
    const html = early.body.toString();
    expect(html).toContain('First steps.');
    expect(html).toContain('<span class="line"');
    const css = /<link rel="stylesheet" href="\/([^"]+)"/.exec(html)?.[1];
    expect(css).toBeDefined();
    const style = await request(server.url, `/${css}`);
    expect(style.status).toBe(200);
    expect(style.headers['content-type']).toMatch(/^text\/css/);
    await server.ready;
    expect(lines.some((l) => l.startsWith('docgen dev:'))).toBe(true);
    const after = await request(server.url, '/docs/guide/a');
    expect(after.body.toString()).toBe(html);
  });

  it('leaves a redirect and a missing page to the finished site', async () => {
    const { server } = await startSite();
    const [moved, missing] = await Promise.all([request(server.url, '/old'), request(server.url, '/docs/nowhere')]);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/docs/guide/a');
    expect(missing.status).toBe(404);
  });
});
