import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors, useBrowserOn } from './browser.ts';

/* The `versions` fixture in Chromium: 3.0.0 (latest) at /docs/, 2.0.0 and 1.0.0 below it. */
const env = useBrowserOn('versions');

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 800, height: 700 };
const STORAGE_KEY = 'docs-preferred-version-default';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${env.site.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}

const path = (page: Page) => new URL(page.url()).pathname;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const dropdown = (page: Page) => nav(page).locator('.navbar__versions');

async function pick(page: Page, current: string, label: string): Promise<void> {
  await nav(page).getByRole('button', { name: current }).click();
  await dropdown(page).getByRole('link', { name: label, exact: true }).click();
}

describe('versions dropdown', () => {
  it('lists every version and switches to the same page in the chosen one, remembering the choice', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const errors = collectErrors(page);
    await open(page, '/docs/api/tokens?from=test#rotating-tokens');
    await page.evaluate(() => window.scrollTo(0, 0));
    await nav(page).getByRole('button', { name: '3.0.0' }).click();
    expect(await dropdown(page).getByRole('link').allTextContents()).toEqual(['3.0.0', '2.0.0', '1.0.0 (legacy)']);
    // The version read keeps the page as it is (query and hash).
    expect(await dropdown(page).getByRole('link', { name: '3.0.0' }).getAttribute('href')).toBe('/docs/api/tokens?from=test#rotating-tokens');
    await dropdown(page).getByRole('link', { name: '2.0.0' }).click();
    await page.waitForFunction(() => location.pathname === '/docs/2.0.0/api/tokens');
    expect(await page.locator('article .markdown p').first().textContent()).toContain('60 days');
    expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY)).toBe('2.0.0');
    expect(await nav(page).getByRole('button', { name: '2.0.0' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('falls back to the chosen version\'s main doc when the page is not in it', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await open(page, '/docs/guide/nebula');
    await pick(page, '3.0.0', '1.0.0 (legacy)');
    await page.waitForFunction(() => location.pathname === '/docs/1.0.0/');
    expect(await page.locator('h1').first().textContent()).toBe('Orbit');
    // Back to the latest from a page the latest does not have: its main doc too.
    await open(page, '/docs/1.0.0/guide/quasar');
    await pick(page, '1.0.0 (legacy)', '3.0.0');
    await page.waitForFunction(() => location.pathname === '/docs/');
    await page.close();
  });

  it('sends the navbar\'s docs links to the remembered version from pages outside the docs', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await open(page, '/');
    const guides = nav(page).getByRole('link', { name: 'Guides' });
    expect(await guides.getAttribute('href')).toBe('/docs/guide/install');
    await page.evaluate((k) => localStorage.setItem(k, '2.0.0'), STORAGE_KEY);
    await open(page, '/');
    await expect.poll(() => guides.getAttribute('href')).toBe('/docs/2.0.0/guide/install');
    expect(await nav(page).getByRole('link', { name: 'API' }).getAttribute('href')).toBe('/docs/2.0.0/api/tokens');
    expect(await nav(page).getByRole('button', { name: '2.0.0' }).isVisible()).toBe(true);
    // In a version's pages, the links stay in that version whatever was remembered.
    await open(page, '/docs/1.0.0/guide/install');
    expect(await guides.getAttribute('href')).toBe('/docs/1.0.0/guide/install');
    expect(await nav(page).getByRole('link', { name: 'API' }).getAttribute('href')).toBe('/docs/1.0.0/');
    // The docsVersion item names and opens the version read.
    expect(await nav(page).getByRole('link', { name: '1.0.0 (legacy)' }).getAttribute('href')).toBe('/docs/1.0.0/');
    await page.close();
  });

  it('is "Versions" in the mobile menu', async () => {
    const page = await env.browser.newPage({ viewport: MOBILE });
    await open(page, '/docs/api/tokens');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    // A doc page opens the menu on its sidebar; the versions are in the main menu.
    await page.getByRole('button', { name: '← Back to main menu' }).click();
    const menu = page.locator('.navbar-sidebar__item:not([inert])');
    await menu.getByRole('button', { name: 'Versions' }).click();
    await menu.getByRole('link', { name: '2.0.0' }).click();
    await page.waitForFunction(() => location.pathname === '/docs/2.0.0/api/tokens');
    await page.close();
  });

});

describe('older versions', () => {
  it('show the banner whose link opens the same page in the latest, and name it as canonical', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await open(page, '/docs/2.0.0/guide/install');
    const banner = page.locator('.version-banner');
    expect(await banner.textContent()).toBe('This is documentation for Orbit 2.0.0, which is no longer actively maintained. For up-to-date documentation, see the latest version (3.0.0).');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://docs.orbit.example/docs/guide/install');
    await banner.getByRole('link', { name: 'latest version' }).click();
    await page.waitForFunction(() => location.pathname === '/docs/guide/install');
    expect(await page.locator('.version-banner').count()).toBe(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://docs.orbit.example/docs/guide/install');
    // After a client navigation into an old version the head names the latest page too.
    await pick(page, '3.0.0', '1.0.0 (legacy)');
    await page.waitForFunction(() => location.pathname === '/docs/1.0.0/guide/install');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://docs.orbit.example/docs/guide/install');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await page.close();
  });
});

describe('accessibility', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`an older version's page, banner and open dropdown pass axe in ${mode} mode`, async () => {
      const context = await env.browser.newContext({ viewport: DESKTOP });
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await context.addInitScript({ content: axe.source });
      const page = await context.newPage();
      await open(page, '/docs/2.0.0/api/tokens');
      await nav(page).getByRole('button', { name: '2.0.0' }).click();
      // Measured once the menu has faded in, not half transparent.
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.navbar__versions .dropdown__menu')!).opacity === '1');
      const violations = await page.evaluate(async () => {
        const found = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
        return found.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
      });
      expect(violations).toEqual([]);
      await context.close();
    });
  }
});

describe('search per version', () => {
  async function results(page: Page, query: string): Promise<string[]> {
    const box = page.locator('#search_input_react');
    await box.focus();
    await box.fill(query);
    await page.waitForSelector('#search-results');
    // The option is the link, or holds it.
    return page.locator('#search-results [role="option"]').evaluateAll((options) => options.map((o) => new URL((o.closest('a') ?? o.querySelector('a'))!.href).pathname));
  }

  it('searches the version of the page being read, downloading that version\'s files only', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.json') && !r.url().includes('/_chunks/')) fetched.push(new URL(r.url()).pathname);
    });
    await open(page, '/docs/1.0.0/guide/install');
    expect(await results(page, 'quasar')).toContain('/docs/1.0.0/guide/quasar');
    expect((await results(page, 'quasar')).every((p) => p.startsWith('/docs/1.0.0/'))).toBe(true);
    expect((await results(page, 'install')).every((p) => p.startsWith('/docs/1.0.0/'))).toBe(true);
    expect(fetched.filter((f) => f.includes('search-files'))).toEqual(['/search-files-1.0.0.json']);
    // A client navigation into the latest: the box now searches the latest's files.
    await page.locator('#search_input_react').fill('');
    await page.keyboard.press('Escape');
    await pick(page, '1.0.0 (legacy)', '3.0.0');
    await page.waitForFunction(() => location.pathname === '/docs/guide/install');
    expect(await results(page, 'nebula')).toContain('/docs/guide/nebula');
    expect((await results(page, 'install')).every((p) => !/^\/docs\/\d/.test(p))).toBe(true);
    expect(fetched.filter((f) => f.includes('search-files'))).toEqual(['/search-files-1.0.0.json', '/search-files.json']);
    await page.close();
  });
});
