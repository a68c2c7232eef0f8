import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors, openPage, useBrowserOn } from './browser.ts';

/** The features fixture's component pages: comp.md (components, two islands) and comp-plain.md (no island). */
const env = useBrowserOn('features');

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** The scripts a page asks for, from now on. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

describe('components in Markdown', () => {
  it('render on the server: read without JavaScript, Markdown inside them handled as anywhere', async () => {
    const { page } = await openPage(env.browser, env.site, '/docs/comp/', { javaScriptEnabled: false });
    await expect(page.locator('.markdown kbd.kbd').allTextContents()).resolves.toEqual(['Ctrl', 'K']);
    const callout = page.locator('section.callout--tip');
    await expect(callout.getAttribute('aria-labelledby')).resolves.toBe('callout-1');
    await expect(callout.locator('.callout__title').textContent()).resolves.toBe('Before you start');
    await expect(callout.locator('h2#inside-a-callout a.hash-link').count()).resolves.toBe(1);
    await expect(callout.locator('a[href="/docs/"]').textContent()).resolves.toBe('link to the features');
    await expect(callout.locator('pre.shiki code').textContent()).resolves.toBe('const answer = 42;');
    await expect(page.locator('nav.toc .toc__link').allTextContents()).resolves.toEqual(['Inside a callout', 'An island']);
    await expect(page.locator('[data-island="counter"] .counter__value').allTextContents()).resolves.toEqual(['2', '5']);
    await expect(page.locator('[data-island="counter"] [data-island-children] strong').textContent()).resolves.toBe('Markdown');
    await page.close();
  });

  it('hydrate an interactive one as an island, its script loaded with the page that holds it', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    const scripts = scriptsOf(page);
    await page.goto(`${env.site.url}/docs/comp/`);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    const first = page.locator('[data-island="counter"]').first();
    await expect.poll(async () => {
      await first.locator('button').click();
      return Number(await first.locator('.counter__value').textContent());
    }).toBeGreaterThan(2);
    await expect(page.locator('[data-island] [data-island-children] strong').textContent()).resolves.toBe('Markdown');
    expect(scripts.filter((s) => s.includes('/assets/island-counter.'))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('load no island code on a page without one, and hydrate islands after a client-side navigation', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    const scripts = scriptsOf(page);
    await page.goto(`${env.site.url}/docs/comp-plain/`);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await expect(page.locator('section.callout--info').count()).resolves.toBe(1);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => s.includes('island-'))).toEqual([]);
    await page.evaluate(() => ((window as unknown as { navigated: boolean }).navigated = true));
    await page.locator('.pagination__link--prev').click();
    await page.waitForURL(/\/docs\/comp\/?$/);
    const island = page.locator('[data-island="counter"]').last();
    await expect.poll(async () => {
      await island.locator('button').click();
      return Number(await island.locator('.counter__value').textContent());
    }).toBeGreaterThan(5);
    // The same document: the router navigated, the page was not loaded again.
    expect(await page.evaluate(() => (window as unknown as { navigated?: boolean }).navigated)).toBe(true);
    expect(scripts.filter((s) => s.includes('/assets/island-counter.'))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`pass axe in ${mode} mode, islands hydrated`, async () => {
      const context = await env.browser.newContext();
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await context.addInitScript({ content: axe.source });
      const page = await context.newPage();
      await page.goto(`${env.site.url}/docs/comp/`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      const violations = await page.evaluate(async () => {
        const results = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
        return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
      });
      expect(violations).toEqual([]);
      await context.close();
    });
  }
});
