import axe from 'axe-core';
import type { BrowserContext } from 'playwright-core';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distinctPages, isRedirectStub, routeOf, sharedRealBuild } from '../real-build.ts';
import { useRealSite } from './browser.ts';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** WCAG 2.1 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Pages checked at once in a mode: axe's contrast pass is CPU-bound, and there are two cores. */
const CONCURRENCY = 3;
/** Pages per test, each with a budget of its own: a slow machine then fails a test only when a page is truly stuck. */
const GROUP = 24;
/** A page's share of its test's budget: its load, hydration and axe's run, several times over. */
const PER_PAGE_MS = 30_000;

const site = useRealSite();
// Awaited as the file loads: the pages are known before the tests are declared, one test per group of them.
const built = await sharedRealBuild();
/** Every page of the build, once, but redirect stubs (they leave before axe could look). */
const routes = distinctPages(built)
  .filter((f) => !isRedirectStub(path.join(built, f)))
  .map(routeOf);
const groups = Array.from({ length: Math.ceil(routes.length / GROUP) }, (_, i) => routes.slice(i * GROUP, (i + 1) * GROUP));

/** Load a page hydrated in the context's colour mode and list axe's violations on it, one line per element. */
async function violationsOn(context: BrowserContext, route: string, mode: string): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.goto(`${site.url}${route}`);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    if (theme !== mode) return [`${route}: in ${theme} mode, not ${mode}`];
    // Only the violations leave the page: passes would be thousands of serialised nodes.
    const found = await page.evaluate(async (tags) => {
      const results = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${v.help} at ${n.target.join(' ')}${n.any[0] ? ` (${n.any[0].message})` : ''}`));
    }, TAGS);
    return found.map((f) => `${route}: ${f}`);
  } finally {
    await page.close();
  }
}

describe('axe-core on every page of the real site', () => {
  it('has pages to check: the home page, the 404 page, the docs and the custom pages', () => {
    expect(routes).toEqual(expect.arrayContaining(['/', '/404.html', '/docs/', '/docs/api/tokens/tokenize/']));
    expect(routes.length).toBeGreaterThan(100);
    // A page's .html form is the same file, sent on to its clean URL: checked there once.
    expect(routes.filter((r) => r.endsWith('.html'))).toEqual(['/404.html']);
  });

  for (const mode of ['light', 'dark'] as const) {
    describe(`in ${mode} mode`, () => {
      for (const group of groups) {
        it(`finds no violation of any impact on ${group.length} pages from ${group[0]}`, async () => {
          const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
          context.setDefaultTimeout(120_000);
          await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
          // axe in every page from the start: one script for the context, not one injection per page.
          await context.addInitScript({ content: axe.source });
          const found: string[] = [];
          const queue = [...group];
          const worker = async () => {
            for (let route = queue.shift(); route; route = queue.shift()) found.push(...(await violationsOn(context, route, mode)));
          };
          await Promise.all(Array.from({ length: CONCURRENCY }, worker));
          await context.close();
          expect(found.sort()).toEqual([]);
        }, group.length * PER_PAGE_MS);
      }
    });
  }
});
