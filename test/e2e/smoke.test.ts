import { describe, expect, it } from 'vitest';
import { collectErrors, useBrowserOn } from './browser.ts';

const env = useBrowserOn('basic');

describe('smoke: the built fixture in Chromium', () => {
  it('loads the home page and a doc page with no console errors', async () => {
    const page = await env.browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${env.site.url}/`);
    expect(await page.title()).toBe('Fixture Docs');
    await page.getByRole('link', { name: 'Read the docs' }).click();
    await page.waitForURL(`${env.site.url}/docs/`);
    expect(await page.title()).toBe('Introduction | Fixture Docs');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hasHydrated)).toBe('true');
    await page.goto(`${env.site.url}/docs/guide/code`);
    expect(await page.locator('h1').textContent()).toContain('Code samples');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('applies dark mode before first paint and the stylesheet colours the page', async () => {
    const page = await env.browser.newPage({ colorScheme: 'light' });
    await page.goto(`${env.site.url}/docs/`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(7, 10, 27)');
    await page.close();
  });

  it('opens a closed category whose page lists its items: loaded on demand with JavaScript, through its page without', async () => {
    const page = await env.browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${env.site.url}/docs/`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hasHydrated)).toBe('true');
    const nav = page.getByRole('navigation', { name: 'Docs sidebar' });
    expect(await nav.getByRole('link', { name: 'Deep page' }).count()).toBe(0);
    await nav.getByRole('button', { name: "Expand sidebar category 'nested'" }).click();
    await expect.poll(() => nav.getByRole('link', { name: 'Deep page' }).isVisible()).toBe(true);
    await nav.getByRole('link', { name: 'Deep page' }).click();
    await page.waitForURL(`${env.site.url}/docs/guide/nested/deep`);
    expect(errors).toEqual([]);
    await page.close();
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto(`${env.site.url}/docs/`);
    await noJs.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'nested' }).click();
    await noJs.waitForURL(`${env.site.url}/docs/guide/nested/`);
    await noJs.locator('article').getByRole('link', { name: 'Deep page' }).click();
    await noJs.waitForURL(`${env.site.url}/docs/guide/nested/deep`);
    expect(await noJs.locator('h1').textContent()).toContain('Deep page');
    await context.close();
  });

  it('serves the not-found page for an unknown route', async () => {
    const page = await env.browser.newPage();
    const res = await page.goto(`${env.site.url}/docs/does-not-exist`);
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    await page.close();
  });
});
