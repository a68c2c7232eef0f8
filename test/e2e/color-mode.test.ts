import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../generator/config/index.ts';
import { colorModeScript } from '../../generator/render/head.ts';
import { useBrowserOn } from './browser.ts';

const env = useBrowserOn('navbar');

/**
 * Records, in animation frames (which run before their paint), the colour mode of the first
 * frame and the announcement bar's display in its first frame, and counts layout shifts. On a
 * loaded machine the first frame can come after hydration, which removes a dismissed bar: that
 * bar was never painted.
 */
function watchFirstPaint(context: BrowserContext) {
  return context.addInitScript(() => {
    const w = window as unknown as { firstPaint?: { theme?: string; bar?: string }; shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.shifts += (e as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
    requestAnimationFrame(() => (w.firstPaint = { ...w.firstPaint, theme: document.documentElement.dataset.theme }));
    // The bar's first frame is the first one in which it exists.
    const barFrame = () => {
      const bar = document.querySelector('.announcement-bar');
      if (bar) w.firstPaint = { ...w.firstPaint, bar: getComputedStyle(bar).display };
      else if (document.documentElement.dataset.hasHydrated === 'true') w.firstPaint = { ...w.firstPaint, bar: 'never painted' };
      else requestAnimationFrame(barFrame);
    };
    requestAnimationFrame(barFrame);
  });
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${env.site.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}

/** What watchFirstPaint recorded, read in the next frame: its own frames' callbacks have run by then. */
const firstPaint = (page: Page) => page.evaluate(() => new Promise<{ theme?: string; bar?: string }>((resolve) => requestAnimationFrame(() => resolve((window as unknown as { firstPaint: { theme?: string; bar?: string } }).firstPaint))));
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const toggle = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Switch between dark and light mode/ });

describe('colour mode', () => {
  it('is dark by default under a light system preference, and the toggle flips it and stores it under `theme`', async () => {
    const context = await env.browser.newContext({ colorScheme: 'light' });
    await watchFirstPaint(context);
    const page = await context.newPage();
    await open(page, '/docs/');
    expect(await firstPaint(page)).toMatchObject({ theme: 'dark' });
    expect(await toggle(page).getAttribute('aria-label')).toBe('Switch between dark and light mode (currently dark mode)');
    await toggle(page).click();
    expect(await theme(page)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    expect(await toggle(page).getAttribute('aria-label')).toBe('Switch between dark and light mode (currently light mode)');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
    // The stored mode survives client navigation and is in place at the next load's first paint.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reference' }).click();
    await page.waitForURL(`${env.site.url}/docs/reference/`);
    expect(await theme(page)).toBe('light');
    await open(page, '/docs/guide');
    expect(await firstPaint(page)).toMatchObject({ theme: 'light' });
    expect(await toggle(page).getAttribute('aria-label')).toBe('Switch between dark and light mode (currently light mode)');
    await context.close();
  });

  it('applies a stored mode before first paint, with no flash', async () => {
    const context = await env.browser.newContext({ colorScheme: 'dark' });
    await context.addInitScript(() => localStorage.setItem('theme', 'light'));
    await watchFirstPaint(context);
    const page = await context.newPage();
    await open(page, '/');
    expect(await firstPaint(page)).toMatchObject({ theme: 'light' });
    await context.close();
  });

  it('follows a change made in another tab', async () => {
    const context = await env.browser.newContext();
    const [a, b] = await Promise.all([context.newPage(), context.newPage()]);
    await open(a, '/docs/');
    await open(b, '/docs/guide');
    await toggle(a).click();
    await expect.poll(() => theme(b)).toBe('light');
    expect(await toggle(b).getAttribute('aria-label')).toBe('Switch between dark and light mode (currently light mode)');
    await toggle(b).click();
    await expect.poll(() => theme(a)).toBe('dark');
    await context.close();
  });
});

describe('colour mode options', () => {
  /** The head script alone, in a page of its own origin, with `theme` stored as given. */
  async function modeFor(colorMode: object, system: 'light' | 'dark', stored: string | null): Promise<string | undefined> {
    const { config } = parseConfig({ title: 'T', url: 'https://t.example', colorMode });
    const context = await env.browser.newContext({ colorScheme: system });
    const page = await context.newPage();
    await page.route('http://docgen.test/**', (route) => route.fulfill({ contentType: 'text/html', body: `<!DOCTYPE html><html><head><script>${colorModeScript(config)}</script></head><body></body></html>` }));
    if (stored) await page.addInitScript((v) => localStorage.setItem('theme', v), stored);
    await page.goto('http://docgen.test/');
    const mode = await page.evaluate(() => document.documentElement.dataset.theme);
    await context.close();
    return mode;
  }

  it('follows the system only with respectPrefersColorScheme, and a disabled switch ignores the stored mode', async () => {
    const modes = await Promise.all([
      modeFor({}, 'light', null),
      modeFor({ defaultMode: 'light' }, 'dark', null),
      modeFor({ respectPrefersColorScheme: true }, 'light', null),
      modeFor({ respectPrefersColorScheme: true }, 'light', 'dark'),
      modeFor({}, 'dark', 'light'),
      modeFor({ disableSwitch: true }, 'dark', 'light'),
    ]);
    expect(modes).toEqual(['dark', 'light', 'light', 'dark', 'light', 'dark']);
  });
});

describe('announcement bar', () => {
  it('shows until closed, stays dismissed with no layout shift, and comes back for a new id', async () => {
    const context = await env.browser.newContext();
    await watchFirstPaint(context);
    const page = await context.newPage();
    await open(page, '/docs/');
    const bar = page.getByRole('banner').filter({ hasText: 'Version 3 is out' });
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).color])).toEqual(['rgb(34, 51, 68)', 'rgb(255, 238, 204)']);
    // From the stylesheet: a strict Content-Security-Policy drops inline styles.
    expect(await bar.getAttribute('style')).toBeNull();
    const stored = () => page.evaluate(() => [localStorage.getItem('docusaurus.announcement.id'), localStorage.getItem('docusaurus.announcement.dismiss')]);
    expect(await stored()).toEqual(['launch-1', 'false']);
    await bar.getByRole('button', { name: 'Close' }).click();
    expect(await bar.count()).toBe(0);
    expect(await stored()).toEqual(['launch-1', 'true']);

    await open(page, '/docs/guide');
    expect(['none', 'never painted']).toContain((await firstPaint(page)).bar);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    expect(await bar.count()).toBe(0);

    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-older-one'));
    await open(page, '/docs/guide');
    expect(await firstPaint(page)).toMatchObject({ bar: 'flex' });
    expect(await bar.isVisible()).toBe(true);
    expect(await stored()).toEqual(['launch-1', 'false']);
    await context.close();
  });
});

describe('footer', () => {
  it('shows the configured style, flat links, logo and copyright', async () => {
    const page = await env.browser.newPage();
    await open(page, '/docs/');
    const footer = page.locator('footer');
    expect(await footer.getAttribute('class')).toBe('footer footer--light');
    expect(await footer.evaluate((f) => getComputedStyle(f).backgroundColor)).toBe('rgb(244, 246, 250)');
    expect(await footer.locator('.footer__flat a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')]))).toEqual([
      ['Guides', '/docs/', null],
      ['Status', 'https://status.navbar.example', '_blank'],
    ]);
    expect(await footer.locator('.footer__logo a').getAttribute('href')).toBe('/');
    expect(await footer.locator('.footer__logo img').evaluateAll((imgs) => imgs.filter((i) => getComputedStyle(i).display !== 'none').map((i) => i.getAttribute('src')))).toEqual(['/img/logo-dark.svg']);
    expect(await footer.locator('.footer__copyright').textContent()).toBe('Copyright Navbar 3.1.4');
    await page.close();
  });
});
