import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectErrors, useBrowserOn } from './browser.ts';

/*
 * Search scopes on test/fixtures/search-scopes/: sidebars guides (every folder but the others),
 * reference, libraries and extras, the first three offered as scopes. A scope's count is its
 * results (a page and its sections, at most 3 from one page). The query "token" finds 5 in
 * guides (the introduction and the first-token guide with a section each, the folder's generated
 * index), 5 in reference (tokens with its 2 sections, proxies, the index), 1 in libraries (a
 * section) and the changelog in extras (All only): 12 in all.
 */
const env = useBrowserOn('search-scopes');

const STORAGE_KEY = 'scopes-fixture.scope';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** A hydrated page of the fixture, in a colour mode and with a script (axe) run first, as asked. */
async function newPage(mode?: 'light' | 'dark', script?: string): Promise<{ page: Page; errors: string[] }> {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  if (mode) await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
  // An init script, as the page's Content-Security-Policy allows no injected one.
  if (script) await page.addInitScript({ content: script });
  const errors = collectErrors(page);
  await page.goto(`${env.site.url}/docs/`);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  return { page, errors };
}

const box = (page: Page) => page.locator('#search_input_react');
const tabs = (page: Page) => page.locator('.search-scopes [role="tab"]');

/** Type a query and wait for the panel with its counts. */
async function searchFor(page: Page, query: string): Promise<void> {
  await box(page).focus();
  await page.waitForFunction(() => document.querySelector('#search_input_react')?.getAttribute('placeholder') === 'Search Ctrl+K');
  await box(page).fill(query);
  await page.waitForSelector('#search-results');
}

/** Each tab as "label count", and the selected one. */
async function tabState(page: Page): Promise<{ tabs: string[]; selected: string }> {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('.search-scopes [role="tab"]')];
    const text = (t: Element) => t.textContent!.replace(/\s+/g, ' ').trim();
    return { tabs: all.map(text), selected: text(all.find((t) => t.getAttribute('aria-selected') === 'true')!) };
  });
}

/** Routes of the guides scope: every folder but the other sidebars'. */
const GUIDES = '^/docs/(?!reference/|libraries/|extras/)';

/** The pages of the listed results, once the list shows results matching `scope` (a pattern) only. */
async function resultPages(page: Page, scope: string): Promise<string[]> {
  await page.waitForFunction((p) => {
    const links = [...document.querySelectorAll('#search-results a[role="option"]')];
    return links.length > 0 && links.every((a) => new RegExp(p).test(a.getAttribute('href')!));
  }, scope);
  return page.locator('#search-results a[role="option"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.split(/[?#]/)[0]));
}

const focused = (page: Page) => page.evaluate(() => (document.activeElement?.id || document.activeElement?.tagName) ?? '');

describe('search scopes', () => {
  it('are tabs above the results, All first, each with its count of results', async () => {
    const { page, errors } = await newPage();
    await searchFor(page, 'token');
    expect(await tabState(page)).toEqual({ tabs: ['All 12', 'Guides 5', 'Reference 5', 'Libraries 1'], selected: 'All 12' });
    expect(await page.locator(".search-scopes").getAttribute('aria-label')).toBe('Search scope');
    const panel = page.locator('[role="tabpanel"]');
    expect(await panel.getAttribute('aria-labelledby')).toBe(await tabs(page).nth(0).getAttribute('id'));
    expect(await tabs(page).nth(0).getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));
    expect(await panel.locator('#search-results[role="listbox"]').count()).toBe(1);
    // The counts follow the query.
    await box(page).fill('gateway');
    await page.waitForFunction(() => document.querySelector('.search-scopes [role="tab"]')?.textContent?.includes('3'));
    expect((await tabState(page)).tabs).toEqual(['All 3', 'Guides 3', 'Reference 0', 'Libraries 0']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('are chosen by keyboard: Tab reaches the chosen tab, arrows, Home and End choose, Shift+Tab goes back to the box', async () => {
    const { page } = await newPage();
    await searchFor(page, 'token');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('search-scope-0');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe('search-scope-1');
    expect((await tabState(page)).selected).toBe('Guides 5');
    expect(new Set(await resultPages(page, GUIDES))).toEqual(new Set(['/docs/', '/docs/guides/first-token', '/docs/guides/']));
    expect(await page.locator('#search-results [role="option"]').count()).toBe(5);
    await page.keyboard.press('ArrowRight');
    expect((await tabState(page)).selected).toBe('Reference 5');
    expect((await resultPages(page, '^/docs/reference/')).length).toBeGreaterThanOrEqual(3);
    await page.keyboard.press('End');
    expect((await tabState(page)).selected).toBe('Libraries 1');
    expect(await resultPages(page, '^/docs/libraries/')).toEqual(['/docs/libraries/javascript']);
    // Only the chosen tab is a tab stop; the arrows wrap.
    expect(await page.locator('.search-scopes [role="tab"][tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    expect((await tabState(page)).selected).toBe('All 12');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect((await tabState(page)).selected).toBe('Reference 5');
    await page.keyboard.press('Home');
    expect((await tabState(page)).selected).toBe('All 12');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // Back in the box, the results of the chosen scope are what the arrows and Enter reach.
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('search_input_react');
    expect(await page.locator('#search-results').count()).toBe(1);
    await resultPages(page, '^/docs/reference/');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname.startsWith('/docs/reference/'));
    await page.close();
  });

  it('announce the results in the chosen scope, and say when it has none', async () => {
    const { page } = await newPage();
    await searchFor(page, 'gateway');
    await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    await page.waitForSelector('.search-results--empty');
    expect(await page.locator('.search-results--empty').textContent()).toBe('No results in Libraries for “gateway”');
    expect(await page.locator('.search-status').textContent()).toBe('No results in Libraries');
    // The tabs stay, so the reader can go where the results are.
    await page.keyboard.press('Home');
    await page.waitForSelector('#search-results[role="listbox"]');
    expect(await page.locator('.search-status').textContent()).toBe('3 results');
    // Escape on a tab goes back to the box, a second Escape closes the panel.
    await page.keyboard.press('Escape');
    expect(await focused(page)).toBe('search_input_react');
    expect(await page.locator(".search-scopes").count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.locator(".search-scopes").count()).toBe(0);
    await page.close();
  });

  it('are chosen with the mouse without taking focus from the box', async () => {
    const { page } = await newPage();
    await searchFor(page, 'token');
    await tabs(page).nth(2).click();
    expect((await tabState(page)).selected).toBe('Reference 5');
    expect(await focused(page)).toBe('search_input_react');
    await resultPages(page, '^/docs/reference/');
    await page.keyboard.type('s api');
    await page.waitForFunction(() => /^Reference/.test(document.querySelector('.search-scopes [role="tab"][aria-selected="true"]')?.textContent ?? ''));
    await page.close();
  });

  it('keep the choice for the session (sessionStorage, under the configured key), not beyond it', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${env.site.url}/docs/`);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await searchFor(page, 'token');
    await tabs(page).nth(3).click();
    await resultPages(page, '^/docs/libraries/');
    expect(await page.evaluate((k) => [sessionStorage.getItem(k), localStorage.getItem(k)], STORAGE_KEY)).toEqual(['Libraries', null]);
    // Another page of the session, loaded in full: the scope is still chosen.
    await page.goto(`${env.site.url}/docs/reference/errors`);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await searchFor(page, 'token');
    expect((await tabState(page)).selected).toBe('Libraries 1');
    expect(await resultPages(page, '^/docs/libraries/')).toEqual(['/docs/libraries/javascript']);
    // Choosing All again forgets it.
    await tabs(page).nth(0).click();
    expect(await page.evaluate((k) => sessionStorage.getItem(k), STORAGE_KEY)).toBeNull();
    await tabs(page).nth(1).click();
    // A new session starts at All.
    const fresh = await context.newPage();
    await fresh.goto(`${env.site.url}/docs/`);
    await fresh.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await searchFor(fresh, 'token');
    expect((await tabState(fresh)).selected).toBe('All 12');
    await context.close();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`pass axe-core with the panel open and a scope chosen, in ${mode} mode`, async () => {
      const { page } = await newPage(mode, axe.source);
      await searchFor(page, 'token');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowRight');
      await resultPages(page, GUIDES);
      const found = await page.evaluate(async (tags) => {
        const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
        return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} at ${n.target.join(' ')}`));
      }, TAGS);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      expect(found).toEqual([]);
      await page.close();
    });
  }
});
