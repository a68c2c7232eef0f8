import type { BrowserContextOptions, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useRealSite } from './browser.ts';
import { focusRingProblems, type RingProblem } from './focus-rings.ts';

const site = useRealSite();
let routes: string[];

beforeAll(() => {
  routes = [...readFileSync(path.join(site.dir, 'sitemap.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
});

const API_PAGE = '/docs/api/3ds/sessions';
const TABS_PAGE = '/docs/api/proxies/pre-configured-proxies';
const HIGHLIGHT_PAGE = '/docs/sdks/web/react/';

async function open(route: string, options: BrowserContextOptions & { mode?: 'light' | 'dark' } = {}): Promise<Page> {
  const { mode = 'light', ...rest } = options;
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, ...rest });
  await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
  const page = await context.newPage();
  expect((await page.goto(`${site.url}${route}`))?.status()).toBe(200);
  if (rest.javaScriptEnabled !== false) await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  return page;
}

const describeRings = (problems: RingProblem[]) => problems.slice(0, 8).map((p) => `${p.element}: ${p.problem}`);

describe('focus rings on the real site', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`reach 3:1 against their background and are never clipped, on every control of three pages (${mode} mode)`, async () => {
      for (const route of ['/', API_PAGE, TABS_PAGE, HIGHLIGHT_PAGE]) {
        const page = await open(route, { mode });
        const { checked, problems } = await focusRingProblems(page);
        expect(checked, route).toBeGreaterThan(20);
        expect(describeRings(problems), route).toEqual([]);
        await page.context().close();
      }
    }, 180_000);

    it(`reach 3:1 and are not clipped in the open mobile menu (${mode} mode)`, async () => {
      const page = await open(API_PAGE, { mode, viewport: { width: 390, height: 800 } });
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close navigation bar');
      // A long sidebar scrolls inside its panel: the drawer's header keeps its full height.
      expect(await page.locator('.navbar-sidebar__brand').evaluate((el) => el.getBoundingClientRect().height)).toBe(60);
      const { checked, problems } = await focusRingProblems(page, '#navbar-sidebar');
      expect(checked).toBeGreaterThan(5);
      expect(describeRings(problems)).toEqual([]);
      await page.context().close();
    }, 120_000);
  }
});

/** Per table, the cells whose text runs past their box, and whether the table scrolls sideways. */
const tableReport = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableElement>('.markdown table')].map((table) => ({
      // A table scrolls in its focusable region (or itself, without one).
      scrolls: ((box) => box.scrollWidth > box.clientWidth + 1)(table.closest<HTMLElement>('.table-scroll') ?? table),
      cut: [...table.querySelectorAll<HTMLElement>('th, td')].filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent!.slice(0, 40)),
      prose: Math.min(...[...table.querySelectorAll<HTMLElement>('.table__prose')].map((c) => c.getBoundingClientRect().width)),
    })),
  );

describe('layout of the real site', () => {
  it('at 1280 px hides no text: no table or endpoint scrolls, no cell cuts its text, nothing is wider than the article (every page with a table or an endpoint)', async () => {
    const build = site.dir;
    const pages = routes.filter((r) => /<table|class="endpoint"/.test(readFileSync(path.join(build, r, 'index.html'), 'utf8')));
    expect(pages.length).toBeGreaterThan(50);
    // Layout only: without scripts each page is ready at its load event. Four tabs at a time.
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const problems: string[] = [];
    const queue = [...pages];
    const worker = async () => {
      const page = await context.newPage();
      for (let route = queue.shift(); route; route = queue.shift()) {
        await page.goto(`${site.url}${route}`);
        const found = await page.evaluate(() => {
          const bad: string[] = [];
          const article = document.querySelector<HTMLElement>('article, main')!;
          if (article.scrollWidth > article.clientWidth + 1) bad.push(`article ${article.scrollWidth} > ${article.clientWidth}`);
          for (const el of document.querySelectorAll<HTMLElement>('.markdown table, .markdown .table-scroll, .endpoint')) {
            if (el.scrollWidth > el.clientWidth + 1) bad.push(`${el.className || el.tagName} scrolls (${el.scrollWidth} > ${el.clientWidth})`);
          }
          for (const cell of document.querySelectorAll<HTMLElement>('.markdown th, .markdown td')) {
            if (cell.scrollWidth > cell.clientWidth + 1) bad.push(`cell cut: ${cell.textContent!.slice(0, 30)}`);
          }
          return bad;
        });
        problems.push(...found.map((f) => `${route}: ${f}`));
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(problems.sort()).toEqual([]);
    await context.close();
  }, 300_000);

  it('at 1280 px the API parameter tables give the description column room to read', async () => {
    const page = await open(API_PAGE);
    const tables = await tableReport(page);
    expect(tables.length).toBeGreaterThan(2);
    for (const t of tables) expect(t.prose).toBeGreaterThanOrEqual(200);
    await page.context().close();
  });

  it('at 390 px tables keep their text readable (no cell cut, a wide description column, the table scrolls instead) and the page never scrolls sideways', async () => {
    const page = await open(API_PAGE, { viewport: { width: 390, height: 800 } });
    const tables = await tableReport(page);
    for (const t of tables) {
      expect(t.cut).toEqual([]);
      expect(t.prose).toBeGreaterThanOrEqual(200);
    }
    expect(tables.some((t) => t.scrolls)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.context().close();
  });

  it('at 390 px every endpoint box shows its whole URL and its copy button, and tab strips show every tab', async () => {
    for (const route of [API_PAGE, TABS_PAGE]) {
      const page = await open(route, { viewport: { width: 390, height: 800 } });
      const report = await page.evaluate(() => {
        const inside = (a: DOMRect, b: DOMRect) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
        const endpoints = [...document.querySelectorAll<HTMLElement>('.endpoint')].map((box) => {
          const button = box.querySelector('.endpoint__copy')!.getBoundingClientRect();
          return { scrolls: box.scrollWidth > box.clientWidth, buttonShown: inside(button, box.getBoundingClientRect()) && button.right <= innerWidth };
        });
        const strips = [...document.querySelectorAll<HTMLElement>('.tabs__list')].map((strip) => [...strip.children].every((tab) => inside(tab.getBoundingClientRect(), strip.getBoundingClientRect())));
        return { endpoints, strips };
      });
      expect(report.endpoints.length + report.strips.length, route).toBeGreaterThan(0);
      for (const e of report.endpoints) expect(e, route).toEqual({ scrolls: false, buttonShown: true });
      expect(report.strips.every(Boolean), route).toBe(true);
      await page.context().close();
    }
  });

  it('draws highlighted code lines as full-width bands without gaps', async () => {
    const page = await open(HIGHLIGHT_PAGE);
    const blocks = await page.evaluate(() =>
      [...document.querySelectorAll('pre:has([data-highlighted-line])')].map((pre) => {
        const code = pre.querySelector('code')!.getBoundingClientRect();
        const lines = [...pre.querySelectorAll('[data-highlighted-line]')].map((l) => l.getBoundingClientRect());
        const gaps = lines.slice(1).map((l, i) => (lines[i].bottom <= l.top ? l.top - lines[i].bottom : null)).filter((g) => g !== null);
        return { narrower: lines.filter((l) => l.left > code.left + 0.5 || l.right < Math.max(code.right, pre.scrollWidth + pre.getBoundingClientRect().left) - 0.5).length, gaps };
      }),
    );
    expect(blocks.length).toBeGreaterThan(0);
    for (const b of blocks) {
      expect(b.narrower).toBe(0);
      for (const gap of b.gaps) expect(gap === 0 || gap > 10).toBe(true);
    }
    await page.context().close();
  });

  it('shows a code block alone in a tab panel inside one border, not two', async () => {
    const page = await open(TABS_PAGE);
    const borders = await page.locator('.tabs__panel:not([data-hidden]) > figure.code-block:only-child').evaluateAll((figs) => figs.map((f) => getComputedStyle(f).borderTopWidth));
    expect(borders.length).toBeGreaterThan(0);
    expect(new Set(borders)).toEqual(new Set(['0px']));
    await page.context().close();
  });

  it('centres the 390 px navbar row vertically', async () => {
    const page = await open('/', { viewport: { width: 390, height: 800 } });
    const offsets = await page.evaluate(() => {
      const bar = document.querySelector('.navbar')!.getBoundingClientRect();
      const middle = (bar.top + bar.bottom - 1) / 2; // the bottom pixel is the bar's border
      return [...document.querySelectorAll('.navbar__hamburger, .navbar__inner .navbar__brand, .navbar__search')].map((el) => {
        const r = el.getBoundingClientRect();
        return Math.abs((r.top + r.bottom) / 2 - middle);
      });
    });
    expect(offsets.length).toBe(3);
    for (const off of offsets) expect(off).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  for (const width of [390, 768, 1024, 1280, 1440]) {
    it(`leaves no home card alone on a row, and lines the footer up with the content, at ${width} px`, async () => {
      const page = await open('/', { viewport: { width, height: 900 } });
      const { grids, footer, content } = await page.evaluate(() => ({
        grids: [...document.querySelectorAll('.home .cards')].map((grid) => {
          const rows = new Map<number, number>();
          for (const card of grid.children) {
            const top = Math.round(card.getBoundingClientRect().top);
            rows.set(top, (rows.get(top) ?? 0) + 1);
          }
          return [...rows.values()];
        }),
        footer: document.querySelector('.footer__column')!.getBoundingClientRect().left,
        content: document.querySelector('.home h1')!.getBoundingClientRect().left,
      }));
      expect(grids.length).toBe(2);
      for (const rows of grids) {
        // One card a row (a phone) is a list; otherwise no row holds a single card.
        if (rows.some((n) => n > 1)) expect(rows, `rows of ${rows.join('+')}`).not.toContain(1);
      }
      expect(Math.abs(footer - content)).toBeLessThanOrEqual(1);
      await page.context().close();
    });
  }
});

describe('the real site without JavaScript', () => {
  it('keeps the 390 px navbar from overlapping itself', async () => {
    const page = await open('/', { viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.navbar__inner .navbar__brand, .navbar__inner .navbar__item, .navbar__inner .navbar__search')]
        .filter((el) => el.checkVisibility())
        .map((el) => ({ name: el.textContent!.trim() || el.className, ...JSON.parse(JSON.stringify(el.getBoundingClientRect())) })),
    );
    expect(boxes.length).toBeGreaterThan(3);
    const overlaps = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5).map((b) => `${a.name} / ${b.name}`));
    expect(overlaps).toEqual([]);
    for (const b of boxes) expect(b.right, b.name).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  for (const width of [390, 1280]) {
    it(`shows no control that needs JavaScript (search, copy, colour mode, tab buttons, menu toggle) at ${width} px`, async () => {
      for (const route of ['/', API_PAGE, TABS_PAGE]) {
        const page = await open(route, { viewport: { width, height: 800 }, javaScriptEnabled: false });
        const shown = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.navbar__search, .navbar__search-input, .copy-button, .color-mode-toggle, [role=tab], .navbar__hamburger')]
            .filter((el) => el.checkVisibility({ visibilityProperty: true }))
            .map((el) => el.className),
        );
        expect(shown, route).toEqual([]);
        // The content those controls act on is still there.
        if (route !== '/') expect(await page.locator('.endpoint__url, figure.code-block').count(), route).toBeGreaterThan(0);
        await page.context().close();
      }
    });
  }
});
