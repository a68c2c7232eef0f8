import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeRoute } from '../../generator/content/routes.ts';
import { expandPattern, isPattern } from '../../generator/redirects/patterns.ts';
import { createStaticServer } from '../../generator/serve/index.ts';
import { REPO } from '../helpers.ts';
import { sharedRealBuild } from '../real-build.ts';
import { launchBrowser } from './browser.ts';

/**
 * Every redirect of the real site, in Chromium: through `docgen serve`'s 301s, and through the
 * stub pages alone on a server that knows no redirects (as a plain static host), each landing
 * on its target page with the reader's query string and #hash kept.
 */
const listed: { from: string; to: string }[] = JSON.parse(readFileSync(path.join(REPO, 'redirects.json'), 'utf8'));
const QUERY = '?utm_source=old-docs';
const HASH = '#kept';
const SITE = 'https://docs.vaultline.example';
/** The site's pages, as its sitemap lists them (read once the site is built). */
const pages = () => [...readFileSync(path.join(out, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => normalizeRoute(m[1].slice(SITE.length)));
/** Every old path: the plain entries, and each pattern (`/concepts/:slug`) over the pages its target matches. */
const redirects = () => listed.flatMap((r) => (isPattern(r.from) ? expandPattern(r.from, r.to, pages()) : [r]));

let browser: Browser;
let out: string;
const servers: Server[] = [];
let withRules: string;
let plain: string;

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  [out, browser] = await Promise.all([sharedRealBuild(), launchBrowser()]);
  withRules = await listen(createStaticServer(out));
  plain = await listen(createStaticServer(out, { redirects: false }));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  for (const s of servers) s.close();
});

/** Open `url` and wait until the browser has landed on `target`; the landed page. */
async function land(context: BrowserContext, url: string, target: string): Promise<Page> {
  const page = await context.newPage();
  const arrived = page.waitForURL((u) => normalizeRoute(u.pathname) === normalizeRoute(target), { waitUntil: 'load' });
  // A stub replaces itself while loading, which may cut the first navigation short.
  await page.goto(url).catch(() => undefined);
  await arrived;
  return page;
}

/** The landed page is the target itself (its canonical URL), with the query and hash kept. */
async function expectTarget(page: Page, target: string): Promise<void> {
  const url = new URL(page.url());
  expect(url.search).toBe(QUERY);
  expect(url.hash).toBe(HASH);
  expect(await page.title()).not.toMatch(/Page Not Found/);
  const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
  expect(normalizeRoute(new URL(canonical!).pathname)).toBe(normalizeRoute(target));
}

describe('every redirect of the site through docgen serve (301)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext();
  });
  afterAll(() => context.close());

  it('every old path, patterns expanded, lands on its page', async () => {
    expect(redirects().length).toBeGreaterThan(listed.length);
    for (const { from, to } of redirects()) {
      const page = await context.newPage();
      const res = await page.goto(`${withRules}${from}${QUERY}${HASH}`);
      expect(res?.request().redirectedFrom()?.url()).toBe(`${withRules}${from}${QUERY}`);
      expect((await res?.request().redirectedFrom()?.response())?.status(), from).toBe(301);
      expect(res?.status()).toBe(200);
      await expectTarget(page, to);
      await page.close();
    }
  }, 300_000);

  it('/concepts/elements (the /concepts/:slug pattern) is a 301 to /docs/concepts/elements, in every spelling', async () => {
    for (const spelling of ['/concepts/elements', '/concepts/elements/', '/concepts/elements.html', '/concepts/elements/index.html']) {
      const page = await context.newPage();
      const res = await page.goto(`${withRules}${spelling}${QUERY}${HASH}`);
      expect((await res?.request().redirectedFrom()?.response())?.status(), spelling).toBe(301);
      await expectTarget(page, '/docs/concepts/elements');
      expect(await page.locator('h1').textContent()).toBe('Elements');
      await page.close();
    }
  });
});

describe('every redirect of the site through its stub pages on a host without rules', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext();
  });
  afterAll(() => context.close());

  it('every old path, patterns expanded, and its .html form land on its page', async () => {
    for (const { from, to } of redirects()) {
      for (const spelling of from.endsWith('/') ? [from] : [from, `${from}.html`]) {
        const page = await land(context, `${plain}${spelling}${QUERY}${HASH}`, to);
        await expectTarget(page, to);
        await page.close();
      }
    }
  }, 600_000);

  it('lands on the target without JavaScript too (the refresh alone)', async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const { from, to } = redirects()[0];
    const page = await land(noScript, `${plain}${from}`, to);
    expect(normalizeRoute(new URL(page.url()).pathname)).toBe(normalizeRoute(to));
    await noScript.close();
  });
});

describe('the .html forms of pages', () => {
  it.each(['/docs/api/index.html', '/docs/api.html', '/docs/api/applications/application-keys.html', '/index.html'])('%s redirects to the clean URL', async (spelling) => {
    const page = await browser.newPage();
    const res = await page.goto(`${withRules}${spelling}${QUERY}`);
    expect((await res?.request().redirectedFrom()?.response())?.status()).toBe(301);
    const clean = spelling.replace(/(\/index)?\.html$/, '') || '/';
    expect(normalizeRoute(new URL(page.url()).pathname)).toBe(normalizeRoute(clean));
    expect(new URL(page.url()).search).toBe(QUERY);
    expect(res?.status()).toBe(200);
    await page.close();
  });
});

describe('the .html forms of pages on a host without rules', () => {
  it.each([
    ['/docs/api/tokens.html', '/docs/api/tokens/'],
    ['/docs/api/tokens/index.html', '/docs/api/tokens/'],
    ['/docs/api/errors.html', '/docs/api/errors'],
    ['/docs/api/errors/index.html', '/docs/api/errors'],
    ['/index.html', '/'],
  ])('%s serves the page and ends at %s in the address bar, query and hash kept', async (spelling, clean) => {
    const page = await browser.newPage();
    const res = await page.goto(`${plain}${spelling}${QUERY}${HASH}`);
    expect(res?.status()).toBe(200);
    expect(res?.request().redirectedFrom()).toBeNull();
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    const url = new URL(page.url());
    expect(url.pathname).toBe(clean);
    expect(url.search + url.hash).toBe(QUERY + HASH);
    expect(await page.title()).not.toMatch(/Page Not Found/);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${SITE}${clean}`);
    // The clean address is one the host serves.
    expect((await page.reload())?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(clean);
    await page.close();
  });

  it('navigates on from the page as from its clean URL', async () => {
    const page = await browser.newPage();
    await page.goto(`${plain}/docs/api/tokens.html`);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await page.locator('a[href="/docs/api/tokens/tokenize"]:visible').first().click();
    await page.waitForURL(`${plain}/docs/api/tokens/tokenize`);
    await page.goBack();
    await page.waitForURL(`${plain}/docs/api/tokens/`);
    // The address changes on popstate before the client router has swapped the article in.
    await page.waitForFunction(() => /Tokens/.test(document.querySelector('h1')?.textContent ?? ''), null, { timeout: 5000 });
    expect(await page.locator('h1').first().textContent()).toMatch(/Tokens/);
    await page.close();
  });

  it('leaves the address as it is without JavaScript, the canonical link naming the clean URL', async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const page = await noScript.newPage();
    const res = await page.goto(`${plain}/docs/api/tokens/index.html`);
    expect(res?.status()).toBe(200);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${SITE}/docs/api/tokens/`);
    await noScript.close();
  });
});
