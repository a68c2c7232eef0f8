import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors, useRealSite } from './browser.ts';

/** The spec's shell on the real site, in Chromium: the home page's heading anchors and the announcement bar. */
const site = useRealSite();

async function open(page: Page, route: string): Promise<void> {
  await page.goto(`${site.url}${route}`);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}

describe('headings of the home page', () => {
  it('each have an anchor link titled "Direct link to …", as on doc pages, with unique ids', async () => {
    const page = await site.browser.newPage();
    await open(page, '/');
    const headings = await page.locator('main h2, main h3').evaluateAll((hs) =>
      hs.map((h) => {
        const link = h.querySelector('a.hash-link');
        return { id: h.id, text: h.textContent!.replace('\u200b', ''), href: link?.getAttribute('href'), title: link?.getAttribute('title'), label: link?.getAttribute('aria-label') };
      }),
    );
    expect(headings.map((h) => h.text)).toEqual(['Start Building', 'Vaultline SDKs', 'Server-side', 'Web', 'Mobile', 'Explore Vaultline']);
    for (const h of headings) expect(h).toEqual({ id: expect.stringMatching(/^[a-z-]+$/), text: h.text, href: `#${h.id}`, title: `Direct link to ${h.text}`, label: `Direct link to ${h.text}` });
    expect(new Set(headings.map((h) => h.id)).size).toBe(headings.length);
    await page.close();
  });

  it('show the link on hover, and following it puts the heading below the navbar', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 600 } });
    await open(page, '/');
    const heading = page.locator('h2#explore-vaultline');
    const link = heading.locator('a.hash-link');
    expect(await link.evaluate((a) => getComputedStyle(a).opacity)).toBe('0');
    await heading.hover();
    await expect.poll(() => link.evaluate((a) => getComputedStyle(a).opacity)).toBe('1');
    await link.click();
    await page.waitForURL(`${site.url}/#explore-vaultline`);
    const navbar = await page.locator('nav.navbar').boundingBox();
    const box = await heading.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(navbar!.y + navbar!.height);
    expect(box!.y).toBeLessThan(600);
    await page.close();
  });
});

/**
 * Records the bar's display in the first frame it exists in (frames run before their paint), and
 * the layout shifts that moved what begins in the top 120 px (bar and navbar) by 16 px or more: a
 * bar shown, then hidden (or the reverse), moves the page below it by its height (over 30 px).
 * Not the bar's: a pixel's shift of some text, and a table lower down whose columns widen as the
 * parser reaches the rest of its rows, which a busy machine may paint in between.
 * On a busy machine a closed bar can also be hydrated away before the first frame.
 */
function watchBar(context: BrowserContext) {
  return context.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    const w = window as unknown as { firstBar?: string; shifts: { value: number; moved: string[] }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        const moved = e.sources.filter((s) => s.previousRect.y < 120 && Math.abs(s.currentRect.y - s.previousRect.y) >= 16);
        if (moved.length) w.shifts.push({ value: e.value, moved: moved.map((s) => `${s.node?.nodeName} ${s.previousRect.y}→${s.currentRect.y}`) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const frame = () => {
      const bar = document.querySelector('.announcement-bar');
      if (bar) w.firstBar = getComputedStyle(bar).display;
      else if (document.readyState !== 'loading') w.firstBar = 'removed before the first frame';
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** The bar's display in its first frame, which on a busy machine may run after hydration. */
async function firstBar(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => (window as unknown as { firstBar?: string }).firstBar);
  return (await handle.jsonValue()) as string;
}
/** The layout shifts that moved part of the page as a bar would, with what moved. */
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts);
const stored = (page: Page) => page.evaluate(() => [localStorage.getItem('docusaurus.announcement.id'), localStorage.getItem('docusaurus.announcement.dismiss')]);

describe('the announcement bar of the real site', () => {
  it('shows above the navbar in its colours, from the stylesheet (no style attribute), and links to its page', async () => {
    const page = await site.browser.newPage();
    const errors = collectErrors(page);
    await open(page, '/docs/');
    const bar = page.getByRole('banner');
    expect(await bar.textContent()).toBe('Going live? Work through the production checklist before you switch to production keys.');
    expect(await bar.evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).color, b.getAttribute('style')])).toEqual(['rgb(0, 95, 107)', 'rgb(255, 255, 255)', null]);
    expect((await bar.boundingBox())!.y).toBe(0);
    await bar.getByRole('link', { name: 'production checklist' }).click();
    await page.waitForURL(`${site.url}/docs/guides/production-checklist`);
    // The third-party scripts' made-up hosts do not resolve here.
    expect(errors.filter((e) => !e.includes('ERR_NAME_NOT_RESOLVED'))).toEqual([]);
    await page.close();
  });

  it('once closed stays closed, hidden before first paint with no layout shift; a new id shows it again', async () => {
    const context = await site.browser.newContext();
    await watchBar(context);
    const page = await context.newPage();
    await open(page, '/');
    expect(await firstBar(page)).toBe('flex');
    expect(await stored(page)).toEqual(['production-checklist', 'false']);
    await page.getByRole('banner').getByRole('button', { name: 'Close' }).click();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await stored(page)).toEqual(['production-checklist', 'true']);
    // Client navigation keeps it closed.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API' }).click();
    await page.waitForURL(`${site.url}/docs/api/`);
    expect(await page.getByRole('banner').count()).toBe(0);

    for (const route of ['/docs/api/tokens/tokenize', '/']) {
      await open(page, route);
      expect(await firstBar(page), route).toMatch(/^(none|removed before the first frame)$/);
      expect(await shifts(page), route).toEqual([]);
      expect(await page.getByRole('banner').count()).toBe(0);
    }

    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement'));
    await open(page, '/docs/');
    expect(await firstBar(page)).toBe('flex');
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await stored(page)).toEqual(['production-checklist', 'false']);
    await context.close();
  });

  it('reads without JavaScript, its close button (which needs it) not shown', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/docs/`);
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Close' }).isVisible()).toBe(false);
    await context.close();
  });
});
