import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors, useBrowserOn } from './browser.ts';

const env = useBrowserOn('navbar');

const DESKTOP = { width: 1280, height: 800 };

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${env.site.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}


describe('navbar items', () => {
  it('renders every item type with its label, link and active state, and no hydration errors', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const errors = collectErrors(page);
    await open(page, '/docs/reference/alpha');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Guides' }).getAttribute('href')).toBe('/docs/');
    const reference = nav.getByRole('link', { name: 'Reference' });
    expect(await reference.getAttribute('href')).toBe('/docs/reference/');
    expect(await reference.getAttribute('aria-current')).toBe('true');
    expect(await nav.getByRole('link', { name: 'Guides' }).getAttribute('aria-current')).toBeNull();
    expect(await nav.locator('.navbar-note').textContent()).toBe('Beta');
    expect(await nav.locator('a.navbar__link', { hasText: '3.1.4' }).getAttribute('href')).toBe('/docs/');
    // One docs version: the versions dropdown renders nothing.
    expect(await nav.locator('.navbar__versions').count()).toBe(0);
    const source = nav.getByRole('link', { name: 'Source' });
    expect([await source.getAttribute('target'), await source.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    const signIn = nav.getByRole('link', { name: 'Sign In' });
    expect([await signIn.getAttribute('href'), await signIn.getAttribute('target')]).toEqual(['https://portal.navbar.example', '_blank']);
    expect(await nav.getByRole('button', { name: /^Switch between dark and light mode/ }).isEnabled()).toBe(true);
    // Only one locale: the language switcher renders nothing; the search box has no text (null).
    const right = await nav.locator('.navbar__items--right > *').evaluateAll((els) => els.map((e) => e.textContent || e.getAttribute('aria-label')));
    expect(right).toEqual(['3.1.4', null, 'Source', 'Switch between dark and light mode (currently dark mode)', 'Sign In']);
    await open(page, '/docs/guide');
    expect(await nav.getByRole('button', { name: 'More' }).getAttribute('class')).toContain('dropdown__trigger--active');
    await open(page, '/docs/');
    expect(await nav.getByRole('button', { name: 'More' }).getAttribute('class')).not.toContain('dropdown__trigger--active');
    expect(await nav.getByRole('link', { name: 'Guides' }).getAttribute('aria-current')).toBe('page');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the logo for the mode, linking home, and the compact mark on narrow screens', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await open(page, '/docs/guide');
    const brand = page.locator('nav .navbar__inner .navbar__brand');
    expect(await brand.getAttribute('href')).toBe('/');
    const visible = () => brand.locator('img').evaluateAll((imgs) => imgs.filter((i) => getComputedStyle(i).display !== 'none').map((i) => i.getAttribute('src')));
    expect(await visible()).toEqual(['/img/logo-dark.svg']);
    await page.getByRole('button', { name: /^Switch between dark and light mode/ }).click();
    expect(await visible()).toEqual(['/img/logo.svg']);
    await page.setViewportSize({ width: 500, height: 800 });
    expect(await visible()).toEqual(['/img/logo-mark.svg']);
    await page.close();
  });

  it('catches an item that throws and names its configuration on the crash screen', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    // The site config travels in its config script: serve one whose Sign In item lost its href.
    await page.route(/\/assets\/config\.[0-9a-f]+\.js$/, async (route) => {
      const res = await route.fetch();
      const body = (await res.text()).replace('"href":"https://portal.navbar.example"', '"target":"portal"');
      await route.fulfill({ response: res, body });
    });
    await page.goto(`${env.site.url}/docs/`);
    await page.getByRole('heading', { name: 'This page crashed' }).waitFor();
    const message = await page.locator('.crash__error').textContent();
    expect(message).toContain('A theme navbar item failed to render.\nPlease double-check the following navbar item (navbar.items in site.config.ts):\n{\n  "type": "custom-signIn",');
    expect(message).toContain('"target": "portal"');
    expect(message).toContain('Cause:\ncustom-signIn needs an "href"');
    await page.close();
  });
});

describe('dropdowns', () => {
  it('open on hover and Enter, move with arrow keys, close on Escape and when focus leaves', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await open(page, '/');
    const dropdown = page.locator('.dropdown', { has: page.getByRole('button', { name: 'More' }) });
    const trigger = dropdown.getByRole('button', { name: 'More' });
    const menuVisible = () => dropdown.locator('.dropdown__menu').evaluate((m) => getComputedStyle(m).visibility);
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    expect(await menuVisible()).toBe('hidden');
    await trigger.hover();
    await expect.poll(menuVisible).toBe('visible');
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    await page.mouse.move(700, 600);
    await expect.poll(menuVisible).toBe('hidden');

    await trigger.focus();
    await page.keyboard.press('Enter');
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(menuVisible).toBe('visible');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('The guide');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Status');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('The guide');
    await page.keyboard.press('Escape');
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('dropdown__trigger'))).toBe(true);

    await trigger.click();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('End');
    expect(await focused()).toBe('Status');
    await page.keyboard.press('Tab');
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });
});

describe('hideOnScroll', () => {
  it('slides the bar away while scrolling down and back when scrolling up', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await open(page, '/docs/');
    const bottom = () => page.locator('nav.navbar').evaluate((n) => Math.round(n.getBoundingClientRect().bottom));
    expect(await bottom()).toBeGreaterThan(0);
    await page.mouse.wheel(0, 800);
    await expect.poll(bottom).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -200);
    await expect.poll(bottom).toBeGreaterThan(0);
    await page.close();
  });
});
