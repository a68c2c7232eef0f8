import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors, useBrowserOn } from './browser.ts';

const env = useBrowserOn('shell');

async function open(path: string, options: Parameters<Browser['newPage']>[0] = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser.newPage(options);
  const errors = collectErrors(page);
  await page.goto(`${env.site.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  // A marker that only survives if the document is never reloaded.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  return { page, errors };
}

const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
const chunkRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/_chunks/')) seen.push(new URL(r.url()).pathname);
  });
  return seen;
};

describe('client navigation', () => {
  it('hydrates without errors and follows internal links without a full reload', async () => {
    const { page, errors } = await open('/docs/');
    await page.locator('article').getByRole('link', { name: 'the long page' }).click();
    await page.waitForURL(`${env.site.url}/docs/long`);
    await expect.poll(() => page.title()).toBe('A long page | Shell Docs');
    expect(await page.locator('h1').textContent()).toBe('A long page');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Long enough to scroll.');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://docs.shell.example/docs/long');
    expect(await page.locator('nav.sidebar [aria-current="page"]').textContent()).toBe('A long page');
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('scrolls to the top, or to the #hash target, after navigating; back restores the position', async () => {
    const { page } = await open('/docs/long');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForTimeout(250);
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Reference' }).click();
    await page.waitForURL(`${env.site.url}/docs/reference/`);
    // The address changes when the page's chunk has loaded; the scroll follows once React has rendered it.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(`${env.site.url}/docs/long`);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);
    await page.goto(`${env.site.url}/docs/`);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.locator('article').getByRole('link', { name: 'its fifth section' }).click();
    await page.waitForURL(`${env.site.url}/docs/long#section-5`);
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('section-5')!.getBoundingClientRect().top))).toBeLessThan(120);
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });

  it('shows the page the address names when back comes before the new page has rendered', async () => {
    // Going back at once after a link click: the move back may arrive before React has rendered
    // the page the click led to. It races, so it is tried several times.
    for (let round = 0; round < 6; round++) {
      const { page } = await open('/docs/');
      await page.evaluate(() => {
        const push = history.pushState.bind(history);
        history.pushState = (...args: Parameters<typeof push>) => {
          push(...args);
          addEventListener('popstate', () => ((window as unknown as { popped: boolean }).popped = true), { once: true });
          history.back();
        };
      });
      await page.locator('article').getByRole('link', { name: 'the long page' }).click();
      await page.waitForFunction(() => (window as unknown as { popped?: boolean }).popped === true);
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/docs/');
      expect(await page.locator('h1').textContent()).toBe('Getting started');
      await page.close();
    }
  });

  it('keeps the sidebar as the reader left it when moving to another page', async () => {
    const { page } = await open('/docs/');
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    await sidebar.getByRole('button', { name: "Expand sidebar category 'Reference'" }).click();
    await sidebar.getByRole('link', { name: 'Alpha' }).waitFor();
    await sidebar.getByRole('link', { name: 'A long page' }).click();
    await page.waitForURL(`${env.site.url}/docs/long`);
    await expect.poll(() => page.title()).toBe('A long page | Shell Docs');
    expect(await sidebar.getByRole('button', { name: "Collapse sidebar category 'Reference'" }).getAttribute('aria-expanded')).toBe('true');
    expect(await sidebar.getByRole('link', { name: 'Alpha' }).isVisible()).toBe(true);
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });

  it('keeps the browser behaviour for modified clicks and new-tab links', async () => {
    const { page } = await open('/docs/');
    const popup = page.context().waitForEvent('page');
    await page.locator('article').getByRole('link', { name: 'the long page' }).click({ modifiers: ['Control'] });
    const tab = await popup;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/docs/long');
    expect(new URL(page.url()).pathname).toBe('/docs/');
    expect(await page.getByRole('link', { name: 'Source' }).getAttribute('target')).toBe('_blank');
    await tab.close();
    await page.close();
  });

  it('shows the progress bar only when a page takes longer than 200 ms', async () => {
    const { page } = await open('/docs/');
    let bars = 0;
    await page.exposeFunction('sawBar', () => bars++);
    await page.evaluate(() => new MutationObserver(() => document.querySelector('.progress-bar') && (window as unknown as { sawBar: () => void }).sawBar()).observe(document.body, { childList: true }));
    await page.locator('article').getByRole('link', { name: 'reference', exact: true }).click();
    await page.waitForURL(`${env.site.url}/docs/reference/`);
    await page.waitForTimeout(300);
    expect(bars).toBe(0);
    await page.route('**/_chunks/docs/reference/alpha.json', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.locator('article').getByRole('link', { name: 'alpha' }).click();
    await page.waitForSelector('.progress-bar');
    await page.waitForURL(`${env.site.url}/docs/reference/alpha`);
    await page.waitForSelector('.progress-bar', { state: 'detached' });
    expect(bars).toBeGreaterThan(0);
    await page.close();
  });

  it('prefetches a hovered link and links in view, but not with data saver on', async () => {
    const { page } = await open('/docs/reference/');
    const requests = chunkRequests(page);
    await page.locator('article').getByRole('link', { name: 'beta' }).hover();
    await expect.poll(() => requests).toContain('/_chunks/docs/reference/beta.json');
    expect(await page.locator('link[rel="prefetch"][href="/_chunks/docs/reference/alpha.json"]').count()).toBe(1);
    await page.close();

    const saver = await env.browser.newPage();
    await saver.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
    const seen = chunkRequests(saver);
    await saver.goto(`${env.site.url}/docs/reference/`);
    await saver.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await saver.locator('article').getByRole('link', { name: 'beta' }).hover();
    await saver.waitForTimeout(300);
    expect(seen).toEqual([]);
    expect(await saver.locator('link[rel="prefetch"]').count()).toBe(0);
    await saver.close();
  });

  it('falls back to a full load when a chunk fails, and offers Retry when offline', async () => {
    const { page } = await open('/docs/reference/');
    await page.route('**/_chunks/docs/reference/beta.json', (route) => route.abort());
    await page.locator('article').getByRole('link', { name: 'beta' }).click();
    await page.waitForURL(`${env.site.url}/docs/reference/beta`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Beta');
    expect(await sameDocument(page)).toBe(false);
    await page.close();

    const { page: offline } = await open('/docs/reference/');
    await offline.context().setOffline(true);
    await offline.locator('article').getByRole('link', { name: 'alpha' }).click();
    await offline.getByRole('button', { name: 'Retry' }).waitFor();
    await offline.context().setOffline(false);
    await offline.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => offline.locator('h1').textContent()).toBe('Alpha');
    expect(await sameDocument(offline)).toBe(true);
    await offline.close();
  });
});

describe('failures the reader can recover from', () => {
  it('shows "This page crashed." with the error, keeps the navbar, and Try again recovers', async () => {
    const { page } = await open('/docs/reference/');
    await page.route('**/_chunks/docs/reference/alpha.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ route: '/docs/reference/alpha', kind: 'doc', title: 'Alpha', html: '', doc: { toc: 'not a list' } }) }),
    );
    await page.locator('article').getByRole('link', { name: 'alpha' }).click();
    await page.getByRole('heading', { name: 'This page crashed.' }).waitFor();
    expect(await page.locator('.crash__error').textContent()).toMatch(/\S/);
    expect(await page.locator('nav.navbar').count()).toBe(1);
    await page.unroute('**/_chunks/docs/reference/alpha.json');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Alpha');
    await page.close();
  });

  it('keeps working when storage is unavailable, with one warning', async () => {
    const page = await env.browser.newPage();
    await page.addInitScript(() =>
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('denied', 'SecurityError');
        },
      }),
    );
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto(`${env.site.url}/docs/`);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.locator('[data-color-mode-toggle]').first().click();
    await page.locator('[data-color-mode-toggle]').first().click();
    await page.locator('[data-color-mode-toggle]').first().click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(before);
    expect(warnings.filter((w) => w.includes('storage is not available'))).toHaveLength(1);
    await page.close();
  });

  it('explains a wrong base URL when the scripts and styles cannot load', async () => {
    const page = await env.browser.newPage();
    await page.route(/\/assets\/.*\.(js|css)$/, (route) => route.abort());
    await page.goto(`${env.site.url}/docs/`);
    await page.getByText('Your docgen site did not load properly.').waitFor();
    expect(await page.locator('#__docgen-base-url-issue-banner').textContent()).toContain('We suggest trying baseUrl = /docs/');
    await page.close();

    const healthy = await env.browser.newPage();
    await healthy.goto(`${env.site.url}/docs/`);
    await healthy.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    expect(await healthy.locator('#__docgen-base-url-issue-banner').count()).toBe(0);
    await healthy.close();
  });

  it('reads and navigates with JavaScript disabled', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.site.url}/docs/`);
    expect(await page.locator('h1').textContent()).toBe('Getting started');
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'A long page' }).click();
    await page.waitForURL(`${env.site.url}/docs/long`);
    expect(await page.locator('h1').textContent()).toBe('A long page');
    await page.getByRole('link', { name: 'Reference', exact: true }).first().click();
    await page.waitForURL(`${env.site.url}/docs/reference/`);
    await context.close();
  });
});
