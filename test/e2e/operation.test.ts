import axe from 'axe-core';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowserOn } from './browser.ts';

/** The openapi fixture's API pages, rendered from its description by `::operation`. */
const env = useBrowserOn('openapi');
const API_PAGES = ['/docs/api/', '/docs/api/tokens/', '/docs/api/payments/'];

declare global {
  interface Window {
    axe: typeof axe;
  }
}

const open = (path: string, options: BrowserContextOptions = {}) => openPage(env.browser, env.site, path, options);

/** With every field list open: what of the article spills past it, and which descriptions cannot be seen whole. */
function layoutProblems(page: Page) {
  return page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
    const article = document.querySelector('.markdown')!.getBoundingClientRect();
    // Code blocks scroll inside their own box; everything else must fit the column.
    const wide = [...document.querySelectorAll('.markdown *')]
      .filter((e) => !e.closest('pre'))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.left < article.left - 1 || r.right > article.right + 1);
      })
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${e.textContent?.slice(0, 40)}`);
    const descriptions = [...document.querySelectorAll('.api-field__description, .api-field__fact, .api-field__head')];
    const hidden = descriptions
      .filter((e) => !e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().height < 10)
      .map((e) => e.textContent?.slice(0, 40));
    return { wide, hidden, fields: descriptions.length, overflow: document.documentElement.scrollWidth > document.documentElement.clientWidth };
  });
}

describe('operation field lists', () => {
  for (const width of [1280, 390]) {
    it(`show every field and description within the article at ${width} px`, async () => {
      const { page, errors } = await open('/docs/api/tokens/', { viewport: { width, height: 900 } });
      const found = await layoutProblems(page);
      expect(found.fields).toBeGreaterThan(40);
      expect(found.wide).toEqual([]);
      expect(found.hidden).toEqual([]);
      expect(found.overflow).toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('open nested fields by keyboard: Tab reaches the summary, Enter and Space toggle it', async () => {
    const { page } = await open('/docs/api/tokens/', { viewport: { width: 1280, height: 900 } });
    const details = page.locator('details.api-field__more').first();
    const nested = details.locator('.api-fields .api-field__name').first();
    await expect.poll(() => nested.isVisible()).toBe(false);
    await page.locator('.endpoint__copy').first().focus();
    for (let i = 0; i < 40 && !(await details.locator('> summary').evaluate((s) => s === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await details.locator('> summary').evaluate((s) => s === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await details.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await nested.isVisible()).toBe(true);
    await page.keyboard.press('Space');
    expect(await details.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await page.close();
  });

  it('open nested fields without JavaScript', async () => {
    const { page } = await open('/docs/api/tokens/', { viewport: { width: 390, height: 900 }, javaScriptEnabled: false });
    const details = page.locator('details.api-field__more').first();
    await details.locator('> summary').click();
    expect(await details.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await details.locator('.api-fields .api-field__name').first().isVisible()).toBe(true);
    await page.close();
  });
});

describe('axe-core on the API pages', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`finds no violation in ${mode} mode, nested fields open`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await context.addInitScript({ content: axe.source });
      const found: string[] = [];
      for (const route of API_PAGES) {
        const page = await context.newPage();
        await page.goto(`${env.site.url}${route}`);
        await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
        const violations = await page.evaluate(async () => {
          for (const d of document.querySelectorAll('details')) d.open = true;
          const results = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
          return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
        });
        found.push(...violations.map((v) => `${route}: ${v}`));
        await page.close();
      }
      await context.close();
      expect(found).toEqual([]);
    }, 120_000);
  }
});
