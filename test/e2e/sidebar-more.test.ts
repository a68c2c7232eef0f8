import axe from 'axe-core';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../../generator/serve/index.ts';
import { SITE_CONFIG } from '../bench/corpus.mjs';
import { docgen } from '../helpers.ts';
import { collectErrors, launchBrowser } from './browser.ts';

/**
 * A site of 26 sections of one folder, t7 of 26, one short doc each: its sidebar's top level and
 * t7 are long lists, which a page shows in part (common/sidebar-window.ts).
 */
const WIDE = 26;
let dir = '';
let url = '';
let server: Server;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-sidebar-more-'));
  writeFileSync(path.join(dir, 'site.config.ts'), SITE_CONFIG);
  mkdirSync(path.join(dir, 'content', 'docs'), { recursive: true });
  writeFileSync(path.join(dir, 'content', 'docs', 'index.md'), '# Home\n\nThe docs.\n');
  for (let i = 0; i < WIDE; i++) {
    for (let j = 0; j < (i === 7 ? WIDE : 1); j++) {
      mkdirSync(path.join(dir, 'content', 'docs', `t${i}`, `s${j}`), { recursive: true });
      writeFileSync(path.join(dir, 'content', 'docs', `t${i}`, `s${j}`, 'page.md'), `# Page ${i}.${j}\n\nText.\n`);
    }
  }
  const res = await docgen(dir, ['build']);
  if (res.code !== 0) throw new Error(res.stderr);
  server = createStaticServer(path.join(dir, 'build'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

async function open(route: string): Promise<{ page: Page; errors: () => string[] }> {
  const context = await browser.newContext();
  await context.addInitScript({ content: axe.source });
  const page = await context.newPage();
  const all = collectErrors(page);
  await page.goto(`${url}${route}`);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hasHydrated)).toBe('true');
  // The site has no home page nor favicon: the logo's link prefetches a chunk that is not there.
  return { page, errors: () => all.filter((e) => !/\/_chunks\/index\.json|\/favicon\.ico/.test(e)) };
}

async function axeViolations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found = await (window as unknown as { axe: typeof axe }).axe.run(document.querySelector('nav.sidebar')!, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
    return found.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

describe('a long sidebar list shown in part', () => {
  it('shows the rest of an open section in place from the keyboard, focus on the first entry it adds, the open folder kept open', async () => {
    const { page, errors } = await open('/docs/t7/s3/page');
    const nav = page.getByRole('navigation', { name: 'Docs sidebar' });
    expect(await axeViolations(page)).toEqual([]);
    const more = nav.getByRole('link', { name: '14 more in t7' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => nav.getByRole('link', { name: 's0', exact: true }).isVisible()).toBe(true);
    // The entries it stood for come first in the folder's order: focus is on the first of them.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('s0');
    expect(page.url()).toBe(`${url}/docs/t7/s3/page`);
    expect(await nav.getByRole('link', { name: 'Page 7.3' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.locator('li.menu__category--level-2').count()).toBe(WIDE);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors()).toEqual([]);
    await page.close();
  }, 60_000);

  it('shows the whole top level from the file every page shares', async () => {
    const { page, errors } = await open('/docs/t7/s3/page');
    const nav = page.getByRole('navigation', { name: 'Docs sidebar' });
    expect(await nav.locator('li.menu__category--level-1').count()).toBeLessThan(WIDE);
    await nav.getByRole('link', { name: /^\d+ more$/ }).first().click();
    await expect.poll(() => nav.locator('li.menu__category--level-1').count()).toBe(WIDE);
    expect(await nav.getByRole('link', { name: 'Home' }).count()).toBe(1);
    expect(page.url()).toBe(`${url}/docs/t7/s3/page`);
    // A section it adds opens, its items loaded from its page's chunk.
    await nav.getByRole('button', { name: "Expand sidebar category 't0'" }).click();
    await expect.poll(() => nav.getByRole('link', { name: 's0', exact: true }).count()).toBe(1);
    expect(errors()).toEqual([]);
    await page.close();
  }, 60_000);

  it('leads a reader without JavaScript to a page listing what it stands for', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${url}/docs/t7/s3/page`);
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: '14 more in t7' }).click();
    await page.waitForURL(`${url}/docs/t7/`);
    expect(await page.locator('article').getByRole('link', { name: /s0/ }).count()).toBeGreaterThan(0);
    await context.close();
  }, 60_000);
});
