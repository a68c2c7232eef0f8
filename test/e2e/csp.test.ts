import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../../generator/serve/index.ts';
import { REPO } from '../helpers.ts';
import { htmlFiles } from '../real-build.ts';
import { startCli, useRealSite, type CliServer } from './browser.ts';

/**
 * The real site under its own Content-Security-Policy, served by `docgen serve` (which sends
 * the build's `_headers`): every interaction runs with zero violations, and the policy
 * allows every inline script the build wrote, by hash.
 */
const site = useRealSite({ serve: false });
let serve: CliServer;
let policy: string;
// A host without redirect rules, so the stub pages themselves answer (headers still sent).
let stubHost: Server;
let stubUrl: string;

beforeAll(async () => {
  policy = /^\s+Content-Security-Policy: (.+)$/m.exec(readFileSync(path.join(site.dir, '_headers'), 'utf8'))![1];
  serve = await startCli(REPO, ['serve', '--port', '0', '--dir', site.dir]);
  stubHost = createStaticServer(site.dir, { redirects: false });
  await new Promise<void>((r) => stubHost.listen(0, '127.0.0.1', r));
  stubUrl = `http://127.0.0.1:${(stubHost.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  await serve?.stop();
  await new Promise((r) => (stubHost ? stubHost.close(r) : r(null)));
});

interface Watched {
  page: Page;
  context: BrowserContext;
  /** `securitypolicyviolation` events and the console's CSP refusals so far. */
  violations: () => Promise<string[]>;
}

/**
 * A page that records every CSP violation: the DOM event (registered before any page script)
 * and Chromium's console message. Vendor scripts get an empty answer, as the sandbox has no
 * network and a failed request is no policy matter.
 */
async function watched(options: BrowserContextOptions = {}): Promise<Watched> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.route(/^https:\/\/[^/]+\.example\//, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await context.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __violations: string[] }).__violations = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  const page = await context.newPage();
  const logged: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) logged.push(msg.text());
  });
  const violations = async () => {
    const events = await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []).catch(() => []);
    return [...logged, ...events];
  };
  return { page, context, violations };
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Docs sidebar' });

describe('the Content-Security-Policy', () => {
  it('is strict, and sent by docgen serve on pages, the 404 page and assets', async () => {
    expect(policy).toMatch(/(^|; )script-src 'self'( 'sha256-[\w+/=]+')+ https:\/\/consent\.cookies\.example https:\/\/tags\.manager\.example https:\/\/widget\.qa\.example;/);
    expect(policy).toMatch(/(^|; )style-src 'self'(;|$)/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).not.toContain('unsafe');
    for (const route of ['/', '/docs/guides/', '/no/such/page', '/search-files.json']) {
      const res = await fetch(`${serve.url}${route}`);
      expect(res.headers.get('content-security-policy'), route).toBe(policy);
    }
  });

  it('allows every inline script the build wrote by its hash, and no page has a style attribute or element', async () => {
    const page = await site.browser.newPage();
    const files = htmlFiles(site.dir);
    expect(files.length).toBeGreaterThan(150);
    const hashes = new Set(policy.match(/'sha256-[\w+/=]+'/g));
    const found = await page.evaluate(
      (docs) =>
        docs.map(([file, html]) => {
          const doc = new DOMParser().parseFromString(html, 'text/html');
          const inline = [...doc.querySelectorAll('script:not([src])')].filter((s) => s.getAttribute('type') !== 'application/json');
          return { file, scripts: inline.map((s) => s.textContent ?? ''), styled: doc.querySelectorAll('[style], style').length };
        }),
      files.map((f) => [f, readFileSync(path.join(site.dir, f), 'utf8')] as [string, string]),
    );
    const stub = found.find((f) => f.file === path.join('elements', 'index.html'))!;
    expect(stub.scripts).toHaveLength(1);
    expect(found.filter((f) => f.styled > 0).map((f) => f.file)).toEqual([]);
    const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(found.flatMap((f) => f.scripts.filter((text) => !hashes.has(hashOf(text))).map((text) => `${f.file}: ${text.slice(0, 80)}`))).toEqual([]);
    await page.close();
  });

  it('hydrates, toggles the colour mode, switches tabs and navigates with zero violations', async () => {
    const { page, context, violations } = await watched();
    await page.goto(`${serve.url}/docs/sdks/web/react/`);
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);

    const toggle = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Switch between dark and light mode/ });
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');

    const tab = page.locator('.tabs [role=tab][aria-selected=false]').first();
    const label = await tab.textContent();
    await tab.click();
    expect(await page.locator('.tabs [role=tab][aria-selected=true]').first().textContent()).toBe(label);

    // Collapsed categories are closed by a class under the policy; one opens with its animation.
    const nav = sidebar(page);
    const closed = nav.locator('.menu__category--collapsed > ul').first();
    expect(await closed.isVisible()).toBe(false);
    const name = (await nav.getByRole('button', { name: /^Expand sidebar category/ }).first().getAttribute('aria-label'))!.replace(/^Expand /, '');
    await nav.getByRole('button', { name: `Expand ${name}` }).click();
    const opened = nav.locator('li', { has: page.getByRole('button', { name: `Collapse ${name}` }) }).last().locator('> ul');
    await expect.poll(() => opened.evaluate((ul) => ul.style.height)).toBe('auto');
    expect(await opened.locator('a').first().isVisible()).toBe(true);

    await page.evaluate(() => ((window as unknown as { same: boolean }).same = true));
    await nav.getByRole('link', { name: 'JavaScript Elements', exact: true }).click();
    await page.waitForURL(`${serve.url}/docs/sdks/web/javascript/`);
    await expect.poll(() => page.locator('h1').textContent()).not.toMatch(/React/);
    expect(await page.evaluate(() => (window as unknown as { same?: boolean }).same)).toBe(true);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('searches with zero violations', async () => {
    const { page, context, violations } = await watched();
    await page.goto(`${serve.url}/docs/`);
    await hydrated(page);
    await page.locator('#search_input_react').fill('detokenize');
    await expect.poll(() => page.locator('#search-results [role="option"]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const href = await page.locator('#search-results a[role="option"]').first().getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL(new URL(href!, serve.url).href);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('lets a redirect stub keep the query and the hash with zero violations', async () => {
    const { page, context, violations } = await watched();
    await page.goto(`${stubUrl}/elements?from=old#install`);
    await page.waitForURL(`${stubUrl}/docs/sdks/web/javascript/?from=old#install`);
    await hydrated(page);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('shows the base URL banner, styled, when the assets do not load, with zero violations', async () => {
    const { page, context, violations } = await watched();
    await page.route(/\/assets\/.*\.(js|css)$/, (route) => route.abort());
    await page.goto(`${serve.url}/docs/`);
    const banner = page.locator('#__docgen-base-url-issue-banner');
    await banner.waitFor();
    expect(await banner.evaluate((b) => getComputedStyle(b).borderTopColor)).toBe('rgb(255, 0, 0)');
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('lists the pages of every sidebar category without JavaScript', async () => {
    const { page, context } = await watched({ javaScriptEnabled: false });
    await page.goto(`${serve.url}/docs/`);
    const lists = sidebar(page).locator('.menu__category > ul');
    expect(await lists.count()).toBeGreaterThanOrEqual(9);
    const empty: string[] = [];
    for (const list of await lists.all()) {
      if (!(await list.isVisible()) || (await list.getByRole('link').count()) === 0) empty.push(await list.evaluate((ul) => ul.parentElement!.querySelector('.menu__category-link')!.textContent!));
    }
    expect(empty).toEqual([]);
    await context.close();
  });
});
