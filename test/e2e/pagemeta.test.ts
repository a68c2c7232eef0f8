import axe from 'axe-core';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../../generator/serve/index.ts';
import { featuresInGit } from '../git-site.ts';
import { docgen } from '../helpers.ts';
import { launchBrowser, openPage, type ServedSite } from './browser.ts';

/*
 * The features fixture built in a git repository, its feedback endpoint a server on another
 * loopback port (another origin: the POST goes through a CORS preflight, as to a real endpoint).
 */

interface Received {
  page: string;
  title: string;
  helpful: boolean;
  comment?: string;
}

let browser: Browser;
let site: ServedSite;
let endpoint: http.Server;
let received: Received[] = [];

const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type' };

function feedbackServer(): http.Server {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method === 'POST') received.push(JSON.parse(body));
      res.writeHead(req.method === 'POST' ? 201 : 204, CORS).end();
    });
  });
}

const listen = (server: http.Server) => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

beforeAll(async () => {
  endpoint = feedbackServer();
  const [b, endpointUrl] = await Promise.all([launchBrowser(), listen(endpoint)]);
  browser = b;
  const dir = featuresInGit();
  const config = path.join(dir, 'site.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace('https://feedback.features.example/v1/answers', `${endpointUrl}/answers`));
  const res = await docgen(dir, ['build', '--strict']);
  if (res.code !== 0) throw new Error(res.stderr);
  const server = createStaticServer(path.join(dir, 'build'));
  site = { url: await listen(server), dir, close: () => new Promise((r) => server.close(() => r())) };
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await new Promise((r) => (endpoint ? endpoint.close(r) : r(null)));
});

const open = (route: string, options: BrowserContextOptions = {}, initScript?: () => void) => openPage(browser, site, route, options, initScript);

/** Marks the start of the second frame after the document is parsed (see the layout-shift test). */
function markParsedFrame() {
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    requestAnimationFrame(() => requestAnimationFrame((t) => ((window as unknown as { afterParsedFrame: number }).afterParsedFrame = t)));
  });
}

/**
 * The layout shift of the page's load, run in the page. When the browser painted the document
 * before it was all parsed, the first frame after parsing is left out (see `loadShift`).
 */
function loadedShift(): Promise<number> {
  return new Promise((resolve) => {
    const parsed = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive;
    const painted = performance.getEntriesByType('paint').find((e) => e.name === 'first-paint')?.startTime ?? Infinity;
    const from = painted < parsed ? (window as unknown as { afterParsedFrame: number }).afterParsedFrame : 0;
    let total = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput && e.startTime >= from) total += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(total), 300);
  });
}

const feedback = (page: Page) => page.locator('form.feedback');
const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: object[] }).dataLayer ?? []);
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('edit link and last updated', () => {
  it('ends each doc with its edit link and the date and author of its last commit, with and without JavaScript', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page, errors } = await open('/docs/pagemeta', { javaScriptEnabled });
      const edit = page.getByRole('link', { name: 'Edit this page' });
      expect(await edit.isVisible()).toBe(true);
      expect(await edit.getAttribute('href')).toBe('https://git.features.example/docs/edit/main/content/docs/pagemeta.md');
      expect(await page.locator('.page-meta__updated').innerText()).toBe('Last updated on May 6, 2026 by Bo Zhang');
      expect(await page.locator('.page-meta time').getAttribute('datetime')).toBe('2026-05-06T07:08:09Z');
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});

describe('feedback', () => {
  it('is answered by keyboard: Yes, a comment, Send; each step pushed to dataLayer and POSTed', async () => {
    received = [];
    const { page, errors } = await open('/docs/pagemeta');
    await page.getByRole('link', { name: 'Edit this page' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Yes');
    await page.keyboard.press('Enter');
    const answer = { page: '/docs/pagemeta', title: 'Edit link, dates and feedback', helpful: true };
    expect(await dataLayer(page)).toEqual([{ event: 'docgen.feedback', ...answer }]);
    // Focus moves to the comment, labelled.
    const comment = feedback(page).getByRole('textbox', { name: 'Thanks! What could we add or improve? (optional)' });
    await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    expect(await comment.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('An example in Go, please.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const status = feedback(page).getByRole('status');
    expect(await status.innerText()).toBe('Thank you for your feedback!');
    expect(await status.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dataLayer(page)).toEqual([{ event: 'docgen.feedback', ...answer }, { event: 'docgen.feedback', ...answer, comment: 'An example in Go, please.' }]);
    await until(() => received.length === 2);
    expect(received).toEqual([answer, { ...answer, comment: 'An example in Go, please.' }]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is asked once per page: answered, it says so after a reload; another page still asks', async () => {
    received = [];
    const { page, errors } = await open('/docs/pagemeta');
    await feedback(page).getByRole('button', { name: 'No' }).click();
    // No, like Yes, leads to the optional comment, not past it.
    await feedback(page).getByRole('textbox').waitFor();
    await until(() => received.length === 1);
    expect(received).toEqual([{ page: '/docs/pagemeta', title: 'Edit link, dates and feedback', helpful: false }]);
    expect(await page.evaluate(() => localStorage.getItem('docgen.feedback./docs/pagemeta'))).toBe('no');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await page.getByText('Thank you: you already told us whether this page helped.').waitFor();
    expect(await feedback(page).getByRole('button').count()).toBe(0);
    // Client navigation to another doc: its own question.
    const previous = await page.locator('.pagination__link--prev').getAttribute('href');
    expect(previous).not.toBe('/docs/pagemeta');
    await page.locator('.pagination__link--prev').click();
    await page.waitForURL(`${site.url}${previous}`);
    expect(await feedback(page).getByRole('button', { name: 'Yes' }).isVisible()).toBe(true);
    expect(received).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  /**
   * The page at `width` and the layout shift of its load. A loaded machine may paint the document
   * before it is all parsed, and the first frame after parsing then moves what that paint cut
   * short: the browser's doing, not the page's. Only then are that frame's shifts left out (the
   * page's scripts run after parsing). Even so a starved browser now and then shifts a load by a
   * few ten-thousandths, so a load that shifts is tried again, twice at most: a shift the page
   * causes (a widget resized as it hydrates, a box without its height) comes back every time.
   */
  async function loadShift(width: number): Promise<{ page: Page; shifts: number[] }> {
    const shifts: number[] = [];
    for (;;) {
      const { page } = await open('/docs/pagemeta', { viewport: { width, height: 700 } }, markParsedFrame);
      await page.waitForFunction(() => 'afterParsedFrame' in window);
      shifts.push(await page.evaluate(loadedShift));
      if (shifts.at(-1) === 0 || shifts.length === 3) return { page, shifts };
      await page.close();
    }
  }

  for (const width of [1280, 390]) it(`keeps one height in every step, and nothing shifts as the page loads (${width} px wide)`, async () => {
    const { page, shifts } = await loadShift(width);
    expect(shifts.at(-1), `layout shift of each load: ${shifts.join(', ')}`).toBe(0);
    const form = feedback(page);
    const heights = [(await form.boundingBox())!.height];
    // Clicking scrolls the form into view: what follows it is measured from it.
    const gap = async () => (await page.locator('.pagination').boundingBox())!.y - (await form.boundingBox())!.y;
    const below = await gap();
    await form.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('textbox').waitFor();
    heights.push((await form.boundingBox())!.height);
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByRole('status').waitFor();
    heights.push((await form.boundingBox())!.height);
    expect(heights).toEqual([heights[0], heights[0], heights[0]]);
    expect(await gap()).toBe(below);
    await page.close();
  });

  it('is hidden without JavaScript: no button that would do nothing', async () => {
    const { page } = await open('/docs/pagemeta', { javaScriptEnabled: false });
    expect(await feedback(page).count()).toBe(1);
    expect(await feedback(page).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Yes' }).count()).toBe(0);
    await page.close();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`passes axe in ${mode} mode, asked and answering`, async () => {
      const context = await browser.newContext();
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await context.addInitScript({ content: axe.source });
      const page = await context.newPage();
      await page.goto(`${site.url}/docs/pagemeta`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      const check = () =>
        page.evaluate(async () => {
          const w = window as unknown as { axe: typeof axe };
          const results = await w.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
          return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
        });
      expect(await check()).toEqual([]);
      await feedback(page).getByRole('button', { name: 'Yes' }).click();
      await page.getByRole('textbox').waitFor();
      expect(await check()).toEqual([]);
      await context.close();
    });
  }
});
