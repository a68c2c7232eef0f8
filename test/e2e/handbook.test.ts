import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors, useBrowserOn } from './browser.ts';

/** The handbook fixture in Chromium: a site whose sidebars, route base, badges and storage keys are its own. */
const env = useBrowserOn('handbook');

const DESKTOP = { width: 1280, height: 800 };

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${env.site.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}

const sidebarLinks = (page: Page) => page.locator('.doc-page__sidebar .menu__link:visible').evaluateAll((els) => els.map((e) => e.firstChild?.textContent ?? ''));

describe('the handbook fixture in a browser', () => {
  it('renders its pages with the sidebar of their folder, and no errors', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const errors = collectErrors(page);
    await open(page, '/handbook/guides/onboarding');
    expect(await page.locator('h1').first().textContent()).toBe('OnboardingStable');
    expect(await sidebarLinks(page)).toEqual(['Guides', 'Onboarding', 'Releasing', 'Advanced']);
    await open(page, '/handbook/reference/cli');
    expect(await sidebarLinks(page)).toEqual(['Reference', 'Commands', 'CLI', 'Settings', 'Guides']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows its badges with their tooltips', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await open(page, '/handbook/guides/releasing');
    const badges = await page.locator('.badge').evaluateAll((els) => els.map((e) => [e.closest('.doc-page__sidebar') ? 'sidebar' : e.closest('h1') ? 'title' : 'text', e.textContent, e.getAttribute('title')]));
    expect(badges).toEqual([
      ['sidebar', 'Stable', 'Reviewed and kept up to date'],
      ['sidebar', 'Draft', 'Still being written: expect changes'],
      ['title', 'Draft', 'Still being written: expect changes'],
      ['text', 'Draft', 'Still being written: expect changes'],
    ]);
    await page.close();
  });

  it('navigates by the navbar and the sidebar without reloading', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await open(page, '/handbook/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Reference' }).getAttribute('href')).toBe('/handbook/reference/');
    await nav.getByRole('link', { name: 'Reference' }).click();
    await page.waitForURL(`${env.site.url}/handbook/reference/`);
    await page.locator('.doc-page__sidebar').getByRole('link', { name: 'Settings' }).click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.startsWith('Settings'));
    expect(new URL(page.url()).pathname).toBe('/handbook/reference/settings');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.close();
  });

  it('stores the colour mode under its own key, read back at the next load', async () => {
    const context = await env.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await open(page, '/handbook/');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Switch between dark and light mode/ }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await page.evaluate(() => [localStorage.getItem('handbook.theme'), localStorage.getItem('theme')])).toEqual(['light', null]);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await context.close();
  });

  it('finds its pages by search', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await open(page, '/handbook/');
    const box = page.locator('#search_input_react');
    await box.focus();
    await page.waitForFunction(() => document.querySelector('#search_input_react')?.getAttribute('placeholder')?.startsWith('Search'));
    await box.fill('zeppelin');
    await page.waitForSelector('#search-results a[role="option"]');
    const hit = page.locator('#search-results a[role="option"]').first();
    expect(await hit.getAttribute('href')).toBe('/handbook/reference/settings?highlight=zeppelin#zeppelin-mode');
    await hit.click();
    await page.waitForFunction(() => location.pathname === '/handbook/reference/settings' && document.querySelector('h1')?.textContent?.startsWith('Settings'));
    await page.close();
  });
});
