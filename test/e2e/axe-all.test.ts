import axe from 'axe-core';
import type { BrowserContext } from 'playwright-core';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { htmlFiles, isRedirectStub, routeOf } from '../real-build.ts';
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

const site = useRealSite();
/** Every page of the build but redirect stubs (they leave before axe could look). */
let routes: string[];

beforeAll(() => {
  routes = htmlFiles(site.dir)
    .filter((f) => !isRedirectStub(path.join(site.dir, f)))
    .map(routeOf);
});

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
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`finds no violation of any impact on any page in ${mode} mode`, async () => {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
      context.setDefaultTimeout(120_000);
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      // axe in every page from the start: one script for the context, not one injection per page.
      await context.addInitScript({ content: axe.source });
      const found: string[] = [];
      const queue = [...routes];
      const worker = async () => {
        for (let route = queue.shift(); route; route = queue.shift()) found.push(...(await violationsOn(context, route, mode)));
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await context.close();
      expect(found.sort()).toEqual([]);
      // Minutes of work on two cores; room for a machine busy with other tests.
    }, 1_200_000);
  }
});
