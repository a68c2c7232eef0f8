import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyFixture } from '../helpers.ts';
import { collectErrors, startCli, useBrowserOn } from './browser.ts';

const env = useBrowserOn('search');

const DESKTOP = { width: 1280, height: 800 };
const SEARCH_FILE = /\/(search-files|search-doc-\d+|lunr-index-\d+)\.json$/;

async function newPage(options: { mac?: boolean } = {}): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const page = await env.browser.newPage({ viewport: DESKTOP });
  if (options.mac) await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' }));
  const requests: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (SEARCH_FILE.test(p)) requests.push(p);
  });
  return { page, requests, errors: collectErrors(page) };
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${env.site.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}

const box = (page: Page) => page.locator('#search_input_react');
const placeholder = (page: Page) => box(page).getAttribute('placeholder');
const ready = (page: Page, text = 'Search Ctrl+K') => page.waitForFunction((t) => document.querySelector('#search_input_react')?.getAttribute('placeholder') === t, text);

/** Let the page sit after `load` with the main thread idle, as a reader who does nothing. */
async function idleFor(page: Page, ms: number): Promise<void> {
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForTimeout(ms);
  await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 2000 })));
}

async function searchFor(page: Page, query: string): Promise<void> {
  await box(page).focus();
  await ready(page, (await page.evaluate(() => navigator.platform)).startsWith('Mac') ? 'Search ⌘+K' : 'Search Ctrl+K');
  await box(page).fill(query);
  await page.waitForSelector('#search-results');
}

describe('search box', () => {
  it('renders "Loading..." first and loads nothing until hovered, then reads "Search Ctrl+K"', async () => {
    const { page, requests, errors } = await newPage();
    await open(page, '/docs/');
    expect(await placeholder(page)).toBe('Loading...');
    await page.waitForTimeout(600);
    expect(requests).toEqual([]);
    expect(await placeholder(page)).toBe('Loading...');
    await box(page).hover();
    await ready(page);
    // Ready with the manifest: the shards wait for a query.
    expect(await page.evaluate(() => document.querySelector('[role="status"].search-status')?.textContent)).toBe('');
    expect(requests.map((r) => r.replace(/\d+/, 'TS')).sort()).toEqual(['/lunr-index-TS.json', '/search-files.json']);
    const stamp = /\d+/.exec(requests.find((r) => r.startsWith('/lunr-index-'))!)![0];
    await box(page).fill('zebracorn');
    await page.waitForSelector('.search-result');
    const shards = requests.slice(2);
    expect(shards.map((r) => r.replace(/\d+/, 'TS')).sort()).toEqual(['/lunr-index-TS.json', '/search-doc-TS.json']);
    // Every file carries the manifest's build timestamp, then the shard's number.
    for (const r of shards) expect(r).toMatch(new RegExp(`-${stamp}\\d{4}\\.json$`));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads nothing while the page sits idle: neither the engine chunk nor the search files', async () => {
    const { page, requests } = await newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await open(page, '/docs/');
    const atHydration = scripts.length;
    await idleFor(page, 3500);
    expect(requests).toEqual([]);
    expect(scripts.length).toBe(atHydration);
    expect(await placeholder(page)).toBe('Loading...');
    await box(page).focus();
    await ready(page);
    expect(requests.length).toBe(2);
    expect(scripts.length).toBe(atHydration + 1);
    await page.close();
  });

  it('the server-rendered page already has the box with "Loading..."', async () => {
    const res = await fetch(`${env.site.url}/docs/`);
    const html = await res.text();
    expect(html).toMatch(/<input[^>]*id="search_input_react"[^>]*placeholder="Loading..."/);
  });

  it('Ctrl+K and / focus the box on Linux; the loading state is announced', async () => {
    const { page } = await newPage();
    await open(page, '/docs/guide/tokens');
    await page.locator('article .markdown p').first().click();
    await page.keyboard.press('Control+k');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search_input_react');
    expect(await page.locator('.search-status').textContent()).toMatch(/Loading search|^$/);
    await ready(page);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('search_input_react');
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search_input_react');
    expect(await placeholder(page)).toBe('Search Ctrl+K');
    await page.close();
  });

  it('reads "Search ⌘+K" on a Mac, where ⌘+K focuses the box', async () => {
    const { page } = await newPage({ mac: true });
    await open(page, '/docs/');
    expect(await placeholder(page)).toBe('Loading...');
    await page.keyboard.press('Meta+k');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search_input_react');
    await ready(page, 'Search ⌘+K');
    await page.close();
  });
});

describe('with data saver on or on 2g', () => {
  const connections = [
    { name: 'data saver', connection: { saveData: true, effectiveType: '4g' } },
    { name: 'slow-2g', connection: { saveData: false, effectiveType: 'slow-2g' } },
    { name: '2g', connection: { saveData: false, effectiveType: '2g' } },
  ];
  for (const { name, connection } of connections) {
    it(`${name}: nothing is downloaded ahead of the reader; focusing the box loads search and it works`, async () => {
      const { page, requests, errors } = await newPage();
      await page.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c, configurable: true }), connection);
      const speculative: string[] = [];
      const scripts: string[] = [];
      page.on('request', (r) => {
        const p = new URL(r.url()).pathname;
        if (p.startsWith('/_chunks/')) speculative.push(p);
        if (r.resourceType() === 'script') scripts.push(p);
      });
      await open(page, '/docs/');
      const atHydration = scripts.length;
      await idleFor(page, 3500);
      await page.mouse.wheel(0, 20000);
      await page.locator('nav.sidebar a[href]:not([aria-current]):visible').first().hover();
      await page.locator('article .markdown a[href]').first().hover();
      await page.locator('.navbar a', { hasText: 'Guides' }).first().hover();
      await page.waitForTimeout(500);
      expect(speculative).toEqual([]);
      expect(requests).toEqual([]);
      expect(scripts.length).toBe(atHydration);
      expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
      await page.mouse.wheel(0, -20000);
      await box(page).focus();
      await ready(page);
      expect(requests.length).toBe(2);
      await box(page).fill('proxy');
      await page.waitForSelector('#search-results [role="option"]');
      expect(speculative).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe('search results', () => {
  it('lists at most maxHits results as a listbox with title, heading and a highlighted snippet; arrows move, Enter opens the section and highlights the words', async () => {
    const { page, errors } = await newPage();
    await open(page, '/docs/');
    await searchFor(page, 'proxy');
    const options = page.locator('#search-results [role="option"]');
    expect(await options.count()).toBe(3);
    expect(await box(page).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#search-results').getAttribute('role')).toBe('listbox');
    // A site without search.scopes offers no scope tabs (search-scopes.test.ts has them).
    expect(await page.locator('.search-scopes').count()).toBe(0);
    expect(await page.locator('#search-results mark').count()).toBeGreaterThan(0);
    expect((await page.locator('#search-results mark').first().textContent())!.toLowerCase()).toMatch(/^prox/);
    await page.keyboard.press('ArrowDown');
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
    expect(await box(page).getAttribute('aria-activedescendant')).toBe('search-result-0');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
    await box(page).fill('detokenize');
    await page.waitForFunction(() => document.querySelector('#search-results a[role="option"]')?.getAttribute('href')?.includes('detokenize'));
    const href = await page.locator('#search-results a[role="option"]').first().getAttribute('href');
    expect(href).toBe('/docs/guide/tokens?highlight=detoken#detokenize');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/docs/guide/tokens');
    expect(new URL(page.url()).search).toBe('?highlight=detoken');
    expect(new URL(page.url()).hash).toBe('#detokenize');
    expect(await box(page).inputValue()).toBe('');
    await page.waitForSelector('article mark[data-search-highlight]');
    const marked = await page.locator('article mark[data-search-highlight]').allTextContents();
    expect(marked.map((m) => m.toLowerCase())).toContain('detokenize');
    // The highlight survives a reload: it is in the URL.
    await page.reload();
    await page.waitForSelector('article mark[data-search-highlight]');
    expect(await page.locator('article mark[data-search-highlight]').count()).toBe(marked.length);
    // The next navigation clears it.
    await page.locator('.navbar a', { hasText: 'Guides' }).first().click();
    await page.waitForFunction(() => location.pathname === '/docs/');
    expect(await page.locator('mark[data-search-highlight]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('scrolls to the first highlighted word of a far section', async () => {
    const { page } = await newPage();
    await open(page, '/docs/');
    await searchFor(page, 'zanzibar');
    await page.keyboard.press('Enter');
    await page.waitForSelector('article mark[data-search-highlight]');
    await page.waitForFunction(() => {
      const r = document.querySelector('article mark[data-search-highlight]')!.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    });
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(300);
    await page.close();
  });

  it('matches prefixes while typing and tolerates one typo in longer words', async () => {
    const { page } = await newPage();
    await open(page, '/docs/');
    await searchFor(page, 'reac');
    expect(await page.locator('#search-results a[role="option"]').first().getAttribute('href')).toMatch(/^\/docs\/guide\/reactors/);
    await box(page).fill('reactr');
    await page.waitForFunction(() => document.querySelector('#search-results a[role="option"]')?.getAttribute('href')?.startsWith('/docs/guide/reactors'));
    await page.close();
  });

  it('shows a no-results state; Escape closes the list and returns focus', async () => {
    const { page } = await newPage();
    await open(page, '/docs/');
    const link = page.locator('.navbar a', { hasText: 'Guides' }).first();
    await link.focus();
    await page.keyboard.press('Control+k');
    await ready(page);
    await box(page).fill('xylophonequartz');
    await page.waitForSelector('.search-results--empty');
    expect(await page.locator('.search-results--empty').textContent()).toBe('No results for “xylophonequartz”');
    expect(await page.locator('.search-status').textContent()).toBe('No results');
    await page.keyboard.press('Escape');
    expect(await page.locator('#search-results').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Guides');
    await page.close();
  });

  it('leaves out pages with search: false and excluded routes', async () => {
    const { page } = await newPage();
    await open(page, '/docs/');
    await searchFor(page, 'quasar');
    await page.waitForSelector('.search-results--empty');
    await box(page).fill('pulsar');
    await page.waitForFunction(() => document.querySelector('.search-results--empty')?.textContent?.includes('pulsar'));
    await page.close();
  });

  it('treats document text and the query as text: no markup is injected', async () => {
    const { page, errors } = await newPage();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await open(page, '/docs/');
    await searchFor(page, 'zebracorn');
    const results = page.locator('#search-results');
    expect(await results.locator('img, script, b').count()).toBe(0);
    expect(await results.textContent()).toContain('<img src=x onerror=alert(1)>');
    await box(page).fill('<img src=x onerror=alert(1)> <b>zebracorn</b>');
    await page.waitForTimeout(300);
    expect(await page.locator('.navbar__search img, .navbar__search b').count()).toBe(0);
    await box(page).fill('"><svg/onload=qqqzzz>');
    await page.waitForSelector('.search-results--empty');
    expect(await page.locator('.search-results--empty').textContent()).toBe('No results for “"><svg/onload=qqqzzz>”');
    expect(await page.locator('.navbar__search img, .navbar__search svg').count()).toBe(0);
    // A crafted ?highlight= only marks words.
    await open(page, `/docs/guide/unsafe?highlight=${encodeURIComponent('<img src=x onerror=alert(4)> zebracorn')}`);
    await page.waitForSelector('article mark[data-search-highlight]');
    expect(await page.locator('article img').count()).toBe(0);
    const marks = await page.locator('article mark[data-search-highlight]').allTextContents();
    expect(marks).toContain('zebracorn');
    expect(marks.every((m) => /^\w+$/.test(m))).toBe(true);
    await page.waitForTimeout(200);
    expect(dialogs).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('search in docgen dev', () => {
  it('serves the search files and reflects an edit on the next request', async () => {
    const dir = copyFixture('search');
    const dev = await startCli(dir, ['dev', '--port', '0']);
    try {
      const docsFile = async () => {
        const pointer = (await (await fetch(`${dev.url}/search-files.json`)).json()) as { searchDoc: string; lunrIndex: string };
        expect((await fetch(`${dev.url}/${pointer.lunrIndex}`)).status).toBe(200);
        return (await fetch(`${dev.url}/${pointer.searchDoc}`)).text();
      };
      expect(await docsFile()).toContain('zebracorn');
      const file = path.join(dir, 'content/docs/guide/unsafe.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace('## Markup in text', '## Marzipan section'));
      const deadline = Date.now() + 15_000;
      while (!(await docsFile()).includes('Marzipan section')) {
        if (Date.now() > deadline) throw new Error(`the edit never reached the search files:\n${dev.output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await dev.stop();
    }
  });
});
