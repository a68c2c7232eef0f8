import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors, useBrowserOn } from './browser.ts';

const env = useBrowserOn('navbar');

const MOBILE = { width: 800, height: 700 };

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${env.site.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}

const hamburger = (page: Page) => page.getByRole('button', { name: 'Toggle navigation bar' });
const isShown = (page: Page) => page.locator('nav.navbar').evaluate((n) => n.classList.contains('navbar-sidebar--show'));
const overflow = (page: Page) => page.evaluate(() => document.body.style.overflow);
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
/** Visible text of the menu panel that is not inert. */
const livePanel = (page: Page) => page.locator('.navbar-sidebar__item:not([inert])');

describe('mobile menu (at 996 px and below)', () => {
  it('replaces the bar items with a hamburger that opens the menu: items, divider, Sign In and the source link', async () => {
    const page = await env.browser.newPage({ viewport: MOBILE });
    const errors = collectErrors(page);
    await open(page, '/');
    expect(await page.locator('.navbar__inner .navbar__item').evaluateAll((els) => els.filter((e) => getComputedStyle(e).display !== 'none').length)).toBe(0);
    expect(await hamburger(page).isVisible()).toBe(true);
    expect(await overflow(page)).toBe('visible');
    await hamburger(page).click();
    expect(await isShown(page)).toBe(true);
    expect(await hamburger(page).getAttribute('aria-expanded')).toBe('true');
    expect(await overflow(page)).toBe('hidden');
    await expect.poll(() => focusedLabel(page)).toBe('Close navigation bar');
    // No sidebar on the home page: the main menu is the only panel.
    expect(await page.locator('.navbar-sidebar__item').count()).toBe(1);
    const menu = livePanel(page);
    const [above, below] = await menu.locator('ul.menu__list').evaluateAll((lists) => lists.map((l) => Array.from(l.children, (c) => (c as HTMLElement).innerText.trim())));
    expect(above).toEqual(['Guides', 'Reference', 'More', 'Beta', '3.1.4']);
    expect(below).toEqual(['Sign In', 'Source']);
    expect(await menu.locator('hr.navbar-sidebar__divider').count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Source' }).getAttribute('target')).toBe('_blank');
    await menu.getByRole('button', { name: 'More' }).click();
    expect(await menu.getByRole('link', { name: 'Status' }).isVisible()).toBe(true);
    expect(await page.locator('.navbar-sidebar__brand').getByRole('button', { name: /^Switch between dark and light mode/ }).isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    expect(await isShown(page)).toBe(false);
    expect(await overflow(page)).toBe('visible');
    expect(await focusedLabel(page)).toBe('Toggle navigation bar');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a doc page opens on the sidebar, goes back to the main menu, and each opening starts on the sidebar again', async () => {
    const page = await env.browser.newPage({ viewport: MOBILE });
    await open(page, '/docs/guide');
    // The page's own sidebar column gives way to the menu on narrow screens.
    expect(await page.locator('.doc-page > .sidebar').isVisible()).toBe(false);
    await hamburger(page).click();
    const sidebar = livePanel(page);
    await expect.poll(() => sidebar.getByRole('button', { name: '← Back to main menu' }).isVisible()).toBe(true);
    expect(await sidebar.locator('a[aria-current="page"]').textContent()).toBe('The guide');
    await sidebar.getByRole('button', { name: '← Back to main menu' }).click();
    await expect.poll(() => livePanel(page).getByRole('link', { name: 'Guides' }).isVisible()).toBe(true);
    expect(await focusedLabel(page)).toBe('Guides');
    await page.getByRole('button', { name: 'Close navigation bar' }).click();
    expect(await focusedLabel(page)).toBe('Toggle navigation bar');
    await hamburger(page).click();
    expect(await livePanel(page).getByRole('button', { name: '← Back to main menu' }).count()).toBe(1);
    // Following a link closes the menu and navigates in place.
    await livePanel(page).getByRole('link', { name: 'Getting started' }).click();
    await page.waitForURL(`${env.site.url}/docs/`);
    expect(await isShown(page)).toBe(false);
    expect(await overflow(page)).toBe('visible');
    await page.close();
  });

  it('keeps focus inside while open: Tab and Shift+Tab cycle through the menu, the page behind is inert', async () => {
    const page = await env.browser.newPage({ viewport: { width: 390, height: 700 } });
    await open(page, '/docs/guide');
    await hamburger(page).click();
    await expect.poll(() => focusedLabel(page)).toBe('Close navigation bar');
    const inMenu = () => page.evaluate(() => !!document.activeElement?.closest('#navbar-sidebar'));
    const seen = new Set<string>();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 70; i++) {
        await page.keyboard.press(key);
        expect(await inMenu(), `${key} press ${i + 1} left the menu`).toBe(true);
        seen.add((await focusedLabel(page)) ?? '');
      }
    }
    // It cycles through the menu rather than sticking on one control.
    expect(seen.size).toBeGreaterThan(3);
    expect(seen).toContain('Close navigation bar');
    // The page behind cannot be reached by a screen reader's cursor either.
    expect(await page.evaluate(() => !!document.querySelector('main')?.closest('[inert]'))).toBe(true);
    expect(await page.locator('.navbar__inner').getAttribute('inert')).toBe('');
    await page.keyboard.press('Escape');
    expect(await focusedLabel(page)).toBe('Toggle navigation bar');
    expect(await page.evaluate(() => document.querySelectorAll('body [inert]:not(#navbar-sidebar, #navbar-sidebar *)').length)).toBe(0);
    await page.close();
  });

  it('closes on browser Back without leaving the page, and when the window becomes desktop-wide', async () => {
    const page = await env.browser.newPage({ viewport: MOBILE });
    await open(page, '/docs/');
    await page.locator('article').getByRole('link', { name: 'the guide' }).click();
    await page.waitForURL(`${env.site.url}/docs/guide`);
    await hamburger(page).click();
    expect(await isShown(page)).toBe(true);
    await page.evaluate(() => history.back());
    await expect.poll(() => isShown(page)).toBe(false);
    await page.waitForTimeout(200);
    expect(page.url()).toBe(`${env.site.url}/docs/guide`);
    expect(await page.locator('h1').textContent()).toBe('The guide');
    expect(await overflow(page)).toBe('visible');
    // Back works as usual once the menu is closed.
    await page.evaluate(() => history.back());
    await page.waitForURL(`${env.site.url}/docs/`);

    await hamburger(page).click();
    expect(await overflow(page)).toBe('hidden');
    await page.setViewportSize({ width: 1200, height: 700 });
    await expect.poll(() => isShown(page)).toBe(false);
    expect(await overflow(page)).toBe('visible');
    expect(await page.locator('.navbar-sidebar').count()).toBe(0);
    await page.close();
  });
});
