import { readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeRoute } from '../../generator/content/routes.ts';
import { createStaticServer } from '../../generator/serve/index.ts';
import { ensureDebianPackage, NGINX } from '../apt.mjs';
import { docgen, REPO } from '../helpers.ts';
import { BASE, buildProject, developersProject, startNginx, type Nginx } from './base-url-site.ts';
import { collectErrors, launchBrowser } from './browser.ts';

/**
 * The real site built with `baseUrl: '/developers/'` and served by nginx under that path (an
 * alias of the build folder, with the generated map and server lines): navigation, search,
 * redirects, the not-found page and colour mode work there, nothing is requested outside the
 * base, and `docgen check` finds no broken link.
 */
const missing = ensureDebianPackage('nginx', NGINX);
if (missing) console.warn(`base-url test skipped: ${missing}`);

const SITE = 'https://docs.vaultline.example';
const listed: { from: string; to: string }[] = JSON.parse(readFileSync(path.join(REPO, 'redirects.json'), 'utf8'));

let project: string;
let out: string;
let nginx: Nginx;
let browser: Browser;
/** Every request the pages made to the site's host, by path. */
const requested = new Set<string>();

beforeAll(async () => {
  project = developersProject();
  [out, browser] = await Promise.all([buildProject(project), launchBrowser()]);
  nginx = await startNginx(NGINX, out);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  nginx?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

const at = (p: string) => `${nginx.origin}${BASE}${p.replace(/^\//, '')}`;

/** A fresh page at a path of the site (given without the base), hydrated, with a marker that only survives client navigation. */
async function open(p: string, context?: { newPage: Browser['newPage'] }): Promise<{ page: Page; errors: string[]; status?: number }> {
  const page = await (context ?? browser).newPage();
  const errors = collectErrors(page);
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === nginx.origin) requested.add(url.pathname);
  });
  const res = await page.goto(at(p));
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  return { page, errors, status: res?.status() };
}

/** Errors of the site itself: its third-party scripts point at .example hosts, which never resolve here. */
const own = (errors: string[]) => errors.filter((e) => !e.includes('ERR_NAME_NOT_RESOLVED'));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Docs sidebar' });
const navbar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The page shown is the one at `route` (under the base): address, canonical URL and its server-rendered heading. */
async function expectPage(page: Page, route: string): Promise<void> {
  await page.waitForURL((u) => normalizeRoute(u.pathname) === normalizeRoute(`${BASE}${route.slice(1)}`));
  const served = await (await fetch(at(route))).text();
  const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(served)![1].replace(/<[^>]+>/g, '');
  await expect.poll(() => page.locator('article h1, main h1').first().textContent()).toBe(heading);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(normalizeRoute(canonical!)).toBe(normalizeRoute(`${SITE}${BASE}${route.slice(1)}`));
}

describe.skipIf(missing)(`the real site under ${BASE} behind nginx: navigation`, () => {
  it('follows sidebar, navbar and in-article links without a reload, and back and forward', async () => {
    const { page, errors } = await open('/docs/');
    await sidebar(page).getByRole('link', { name: 'Card Data' }).click();
    await expectPage(page, '/docs/guides/cards/');
    await navbar(page).getByRole('link', { name: 'API', exact: true }).click();
    await expectPage(page, '/docs/api/');
    await page.goBack();
    await expectPage(page, '/docs/guides/cards/');
    await page.goForward();
    await expectPage(page, '/docs/api/');
    await page.goto(at('/docs/'));
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.locator('article').getByRole('link', { name: 'proxy', exact: true }).first().click();
    await expectPage(page, '/docs/concepts/what-is-the-proxy');
    expect(await sameDocument(page)).toBe(true);
    expect(await page.locator('#__docgen-base-url-issue-banner').count()).toBe(0);
    expect(own(errors)).toEqual([]);
    await page.close();
  });

});

describe.skipIf(missing)(`the real site under ${BASE}: search`, () => {
  it('finds a page by search and opens it under the base', async () => {
    const { page, errors } = await open('/docs/');
    const box = page.locator('#search_input_react');
    await box.focus();
    await page.waitForFunction(() => document.querySelector('#search_input_react')?.getAttribute('placeholder')?.startsWith('Search '));
    await box.fill('reactor');
    const first = page.locator('#search-results a[role="option"]').first();
    await first.waitFor();
    const href = (await first.getAttribute('href'))!;
    expect(href.startsWith(BASE)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const target = new URL(href, nginx.origin);
    await page.waitForURL((u) => u.pathname === target.pathname);
    await expectPage(page, `/${target.pathname.slice(BASE.length)}`);
    expect(await sameDocument(page)).toBe(true);
    expect(own(errors)).toEqual([]);
    await page.close();
  });

});

describe.skipIf(missing)(`the real site under ${BASE}: redirects`, () => {
  it('sends an old path of redirects.json to its page under the base (a 301 keeping the query)', async () => {
    const plain = listed.filter((r) => !r.from.includes(':') && !r.from.includes('*')).slice(0, 5);
    for (const { from, to } of [...plain, { from: '/concepts/elements', to: '/docs/concepts/elements' }]) {
      const page = await browser.newPage();
      const res = await page.goto(`${at(from)}?ref=old`);
      expect((await res?.request().redirectedFrom()?.response())?.status(), from).toBe(301);
      expect(res?.status(), from).toBe(200);
      expect(new URL(page.url()).search).toBe('?ref=old');
      await expectPage(page, normalizeRoute(to) === '/docs' ? '/docs/' : to);
      await page.close();
    }
  });

});

describe.skipIf(missing)(`the real site under ${BASE}: the not-found page`, () => {
  it('shows the site\'s not-found page for an unknown path under the base, and its links work', async () => {
    const { page, errors, status } = await open('/docs/no/such/page');
    expect(status).toBe(404);
    expect(await page.locator('h1').first().textContent()).toBe('Page Not Found');
    const home = page.getByRole('link', { name: 'documentation home' });
    expect(await home.getAttribute('href')).toBe(`${BASE}docs/`);
    expect(await page.getByRole('link', { name: 'start page' }).getAttribute('href')).toBe(BASE);
    await home.click();
    await expectPage(page, '/docs/');
    // The one error is the page's own status, which Chromium logs.
    expect(own(errors).filter((e) => !e.includes('status of 404'))).toEqual([]);
    await page.close();
  });

});

describe.skipIf(missing)(`the real site under ${BASE}: colour mode`, () => {
  it('keeps the colour mode the reader picked across navigation and the next load', async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const { page } = await open('/docs/', context);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const before = await theme();
    await navbar(page).getByRole('button', { name: /^Switch between dark and light mode/ }).click();
    const picked = before === 'dark' ? 'light' : 'dark';
    expect(await theme()).toBe(picked);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(picked);
    await sidebar(page).getByRole('link', { name: 'Card Data' }).click();
    await expectPage(page, '/docs/guides/cards/');
    expect(await theme()).toBe(picked);
    await page.goto(at('/docs/api/'), { waitUntil: 'domcontentloaded' });
    expect(await theme()).toBe(picked);
    await context.close();
  });

});

describe.skipIf(missing)(`the real site under ${BASE}: page actions`, () => {
  it('names and copies the page\'s Markdown under the base, and nginx answers Accept: text/markdown there', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = await open('/docs/', context);
    const markdown = `${BASE}docs.md`;
    expect(await page.locator('head link[rel="alternate"][type="text/markdown"]').getAttribute('href')).toBe(markdown);
    expect(await page.getByRole('link', { name: 'View as Markdown', includeHidden: true }).getAttribute('href')).toBe(markdown);
    const published = readFileSync(path.join(out, 'docs.md'), 'utf8');
    await page.locator('.page-actions__button').click();
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect.poll(() => page.locator('.page-actions__status').textContent()).toBe('Copied the page as Markdown');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(published);
    await context.close();
    const res = await fetch(at('/docs/'), { headers: { accept: 'text/markdown' } });
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(await res.text()).toBe(published);
  });
});

describe.skipIf(missing)(`the real site under ${BASE}: requests, stubs and the base-URL banner`, () => {
  it('requested nothing outside the base', () => {
    expect(requested.size).toBeGreaterThan(10);
    expect([...requested].filter((p) => !p.startsWith(BASE))).toEqual([]);
  });

  it('lands through the redirect stubs alone on a host without rules', async () => {
    const server: Server = createStaticServer(out, { redirects: false });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const page = await browser.newPage();
      const arrived = page.waitForURL((u) => normalizeRoute(u.pathname) === `${BASE}docs/api`);
      await page.goto(`${origin}${BASE}api-reference?ref=old#kept`).catch(() => undefined);
      await arrived;
      expect(new URL(page.url()).search).toBe('?ref=old');
      expect(new URL(page.url()).hash).toBe('#kept');
      await page.close();
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('explains the base URL with a banner when the build is served at another path', async () => {
    const server: Server = createStaticServer(out, { base: '/' });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/docs/`);
      await page.getByText('Your docgen site did not load properly.').waitFor();
      expect(await page.locator('#__docgen-base-url-issue-banner').textContent()).toContain(`Current configured baseUrl = ${BASE}`);
      await page.close();
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

});

describe.skipIf(missing)(`the real site under ${BASE}: docgen check`, () => {
  it('docgen check finds nothing broken', async () => {
    const checked = await docgen(project, ['check', '--dir', 'build']);
    console.log(`docgen check under ${BASE}: ${(checked.stdout + checked.stderr).trim().split('\n').at(-1)}`);
    expect(checked.stderr).not.toMatch(/broken link/);
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(/: 0 broken/);
  }, 180_000);
});
