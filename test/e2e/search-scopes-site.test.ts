import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors, useRealSite } from './browser.ts';

/* The real site's search scopes (All, Guides, API, SDKs from site.config.ts) in Chromium. */
const site = useRealSite();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function openWithSearch(mode: 'light' | 'dark', width: number, route = '/docs/guides/collect/collect-cards'): Promise<{ page: Page; errors: string[] }> {
  const page = await site.browser.newPage({ viewport: { width, height: 900 } });
  await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
  await page.addInitScript({ content: axe.source });
  const errors = collectErrors(page);
  await page.goto(`${site.url}${route}`);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  const box = page.locator('#search_input_react');
  await box.focus();
  await page.waitForFunction(() => /^Search/.test(document.querySelector('#search_input_react')?.getAttribute('placeholder') ?? ''));
  await box.fill('tokenize');
  await page.waitForSelector('.search-scopes');
  return { page, errors };
}

describe('search scopes on the real site', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`offers All, Guides, API and SDKs with counts, chosen by keyboard, and passes axe-core in ${mode} mode`, async () => {
      const { page, errors } = await openWithSearch(mode, 1280);
      const labels = await page.locator('.search-scopes [role="tab"]').evaluateAll((tabs) => tabs.map((t) => t.firstChild!.textContent!.trim()));
      expect(labels).toEqual(['All', 'Guides', 'API', 'SDKs']);
      const counts = await page.locator('.search-scope__count').evaluateAll((cs) => cs.map((c) => Number(c.textContent)));
      expect(counts[0]).toBe(counts[1] + counts[2] + counts[3]);
      await page.keyboard.press('Tab');
      await page.keyboard.press('End');
      await page.waitForFunction(() => {
        const links = [...document.querySelectorAll('#search-results a[role="option"]')];
        return links.length > 0 && links.every((a) => a.getAttribute('href')!.startsWith('/docs/sdks/'));
      });
      expect(await page.evaluate(() => document.activeElement?.textContent?.startsWith('SDKs'))).toBe(true);
      const found = await page.evaluate(async (tags) => {
        const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
        return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} at ${n.target.join(' ')}`));
      }, TAGS);
      expect(found).toEqual([]);
      // The site's third-party scripts point at .example hosts, which never resolve here.
      expect(errors.filter((e) => !e.includes('ERR_NAME_NOT_RESOLVED'))).toEqual([]);
      await page.close();
    });
  }

  it('keeps a scope within the docs version read: on a 1.160.0 page, SDKs lists 1.160.0 SDK pages', async () => {
    const { page } = await openWithSearch('dark', 1280, '/docs/1.160.0/guides/collect/collect-cards');
    await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    await page.waitForFunction(() => {
      const links = [...document.querySelectorAll('#search-results a[role="option"]')];
      return links.length > 0 && links.every((a) => a.getAttribute('href')!.startsWith('/docs/1.160.0/sdks/'));
    });
    expect(await page.evaluate(() => document.querySelector('.search-scopes [aria-selected="true"]')?.firstChild?.textContent?.trim())).toBe('SDKs');
    await page.close();
  });

  it('fits the tabs and results in a 390 px wide window', async () => {
    const { page } = await openWithSearch('light', 390);
    const box = await page.locator('.search-results').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const tabs = await page.locator('.search-scopes [role="tab"]').evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect().right));
    expect(Math.max(...tabs)).toBeLessThanOrEqual(390);
    await page.close();
  });
});
