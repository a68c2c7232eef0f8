import axe from 'axe-core';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read } from '../helpers.ts';
import { launchBrowser, openPage, startCli, type CliServer, type ServedSite } from './browser.ts';

/** The page-actions menu in Chromium, and Accept: text/markdown against `docgen serve` and `docgen dev` (curl). */
let browser: Browser;
let dir: string;
let serve: CliServer;
let dev: CliServer;
let site: ServedSite;

beforeAll(async () => {
  dir = copyFixture('features');
  const built = await docgen(dir, ['build']);
  expect(built.code, built.stderr).toBe(0);
  [browser, serve, dev] = await Promise.all([launchBrowser(), startCli(dir, ['serve', '--port', '0']), startCli(dir, ['dev', '--port', '0'])]);
  site = { url: serve.url, dir, close: async () => {} };
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  await dev?.stop();
});

const published = () => read(path.join(dir, 'build'), 'docs/page-actions.md');

describe('the page-actions menu', () => {
  it('opens, moves and closes by keyboard, and Copy page puts the page’s Markdown on the clipboard', async () => {
    const { page, errors } = await openPage(browser, site, '/docs/page-actions', { permissions: ['clipboard-read', 'clipboard-write'] });
    const summary = page.locator('.page-actions__button');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.page-actions__menu').evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copy page');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Open in Claude');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copy page');
    await page.keyboard.press('Escape');
    expect(await page.locator('.page-actions__menu').evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('page-actions__button');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.page-actions__status').textContent()).toBe('Copied the page as Markdown');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(published());
    expect(await page.locator('.page-actions__menu').evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('closes when the reader clicks outside it, and View as Markdown opens the .md', async () => {
    const { page } = await openPage(browser, site, '/docs/page-actions');
    await page.locator('.page-actions__button').click();
    await page.locator('h1').click();
    expect(await page.locator('.page-actions__menu').evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await page.locator('.page-actions__button').click();
    const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('.md')), page.getByRole('link', { name: 'View as Markdown' }).click()]);
    expect(res.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    expect(await res.text()).toBe(published());
    await page.close();
  });

  it('links the assistants with a prompt naming the page’s Markdown URL', async () => {
    const { page } = await openPage(browser, site, '/docs/page-actions');
    const claude = new URL((await page.getByRole('link', { name: 'Open in Claude', includeHidden: true }).getAttribute('href'))!);
    expect(claude.origin + claude.pathname).toBe('https://claude.ai/new');
    expect(claude.searchParams.get('q')).toBe('Read https://docs.features.example/docs/page-actions.md so I can ask questions about it.');
    const chatgpt = new URL((await page.getByRole('link', { name: 'Open in ChatGPT', includeHidden: true }).getAttribute('href'))!);
    expect(chatgpt.searchParams.get('q')).toBe(claude.searchParams.get('q'));
    expect(await page.getByRole('link', { name: 'Open in ChatGPT', includeHidden: true }).getAttribute('target')).toBe('_blank');
    await page.close();
  });

  it('follows a client navigation: the menu and the text/markdown alternate name the new page', async () => {
    const { page } = await openPage(browser, site, '/docs/');
    await page.locator('a.menu__link', { hasText: 'Page actions' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Page actions');
    expect(await page.locator('head link[rel="alternate"][type="text/markdown"]').getAttribute('href')).toBe('/docs/page-actions.md');
    expect(await page.getByRole('link', { name: 'View as Markdown', includeHidden: true }).getAttribute('href')).toBe('/docs/page-actions.md');
    await page.close();
  });

  it('works without JavaScript: the menu opens and View as Markdown reads; no Copy button', async () => {
    const { page } = await openPage(browser, site, '/docs/page-actions', { javaScriptEnabled: false });
    await page.locator('.page-actions__button').click();
    expect(await page.locator('.page-actions__item').allTextContents()).toEqual(['View as Markdown', 'Open in ChatGPT', 'Open in Claude']);
    await page.getByRole('link', { name: 'View as Markdown' }).click();
    await page.waitForURL(/\/docs\/page-actions\.md$/);
    expect(await page.locator('body').textContent()).toBe(published());
    await page.close();
  });
});

declare global {
  interface Window {
    axe: typeof axe;
  }
}

describe('axe-core on the page actions', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`finds no violation in ${mode} mode, the menu open, an item focused`, async () => {
      const context = await browser.newContext();
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await context.addInitScript({ content: axe.source });
      const page = await context.newPage();
      await page.goto(`${serve.url}/docs/page-actions`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      await page.locator('.page-actions__button').click();
      await page.keyboard.press('ArrowDown');
      const violations = await page.evaluate(async () => {
        const results = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
        return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
      });
      await context.close();
      expect(violations).toEqual([]);
    });
  }
});

/** A request by curl: status, the headers asked for and the body. */
function curl(url: string, accept: string) {
  const out = execFileSync('curl', ['-s', '-i', '-H', `Accept: ${accept}`, url], { encoding: 'utf8' });
  const split = out.indexOf('\r\n\r\n');
  const head = out.slice(0, split);
  const header = (name: string) => new RegExp(`^${name}: (.*)\\r$`, 'im').exec(head)?.[1];
  return { status: Number(head.split(' ')[1]), type: header('content-type'), vary: header('vary'), body: out.slice(split + 4) };
}

describe('Accept: text/markdown (curl)', () => {
  it.each(['serve', 'dev'] as const)('docgen %s answers a page with its Markdown, and browsers with HTML, Vary: Accept on both', (which) => {
    const origin = which === 'serve' ? serve.url : dev.url;
    for (const route of ['/docs/page-actions', '/docs/page-actions/']) {
      const md = curl(`${origin}${route}`, 'text/markdown');
      expect(md.status, route).toBe(200);
      expect(md.type).toBe('text/markdown; charset=utf-8');
      expect(md.vary).toMatch(/^Accept\b/);
      expect(md.body).toBe(published());
    }
    const html = curl(`${origin}/docs/page-actions`, 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(html.type).toBe('text/html; charset=utf-8');
    expect(html.vary).toMatch(/^Accept\b/);
    expect(html.body).toContain('<link rel="alternate" type="text/markdown" href="/docs/page-actions.md">');
  });
});
