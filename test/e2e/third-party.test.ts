import { readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../../generator/serve/index.ts';
import { copyFixture, docgen } from '../helpers.ts';
import { launchBrowser, serveFixture, type ServedSite } from './browser.ts';

let browser: Browser;
let plain: ServedSite;
let server: Server;
let url: string;

// The shell fixture with all three third-party scripts configured.
async function buildWithScripts(): Promise<string> {
  const dir = copyFixture('shell');
  const config = path.join(dir, 'site.config.ts');
  const scripts = `scripts: [
    { src: 'https://qa.example/widget.js', attributes: { 'data-project-name': 'Shell', 'data-project-color': '#00a4ba', 'data-search-mode-enabled': 'true' } },
    { src: 'https://consent.example/banner.js' },
    { src: 'https://tags.example/gtm.js' },
  ],\n  navbar:`;
  writeFileSync(config, readFileSync(config, 'utf8').replace('navbar:', scripts));
  const res = await docgen(dir, ['build']);
  if (res.code !== 0) throw new Error(res.stderr);
  return path.join(dir, 'build');
}

beforeAll(async () => {
  const [b, p, out] = await Promise.all([launchBrowser(), serveFixture('shell'), buildWithScripts()]);
  [browser, plain] = [b, p];
  server = createStaticServer(out);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await plain?.close();
  // A failed setup leaves no server: the hook must not wait for one.
  if (server) await new Promise((r) => server.close(r));
});

describe('third-party scripts from the config', () => {
  it('loads them async with the widget settings, and a script that fails breaks nothing', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The widget answers only once the page has hydrated; the consent script fails; the tag
    // manager loads.
    let release = () => undefined as void;
    const released = new Promise<void>((r) => (release = r));
    await page.route('https://qa.example/widget.js', async (route) => {
      await released;
      await route.fulfill({ contentType: 'text/javascript', body: 'window.qaSettings = Object.assign({}, document.currentScript.dataset);' });
    });
    await page.route('https://consent.example/banner.js', (route) => route.abort());
    await page.route('https://tags.example/gtm.js', (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.tagsLoaded = true;' }));
    await page.goto(`${url}/docs/`, { waitUntil: 'domcontentloaded' });
    // The page is readable and hydrates while the widget is still on its way.
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    expect(await page.evaluate(() => 'qaSettings' in window)).toBe(false);
    const tags = await page.locator('script[src^="https://"]').evaluateAll((els) => els.map((e) => ({ src: e.getAttribute('src'), async: (e as HTMLScriptElement).async })));
    expect(tags.map((t) => t.src).sort()).toEqual(['https://consent.example/banner.js', 'https://qa.example/widget.js', 'https://tags.example/gtm.js']);
    expect(tags.every((t) => t.async)).toBe(true);
    release();
    await page.waitForFunction(() => 'qaSettings' in window);
    expect(await page.evaluate(() => (window as unknown as { qaSettings: Record<string, string> }).qaSettings)).toEqual({ projectName: 'Shell', projectColor: '#00a4ba', searchModeEnabled: 'true' });
    expect(await page.evaluate(() => (window as unknown as { tagsLoaded?: boolean }).tagsLoaded)).toBe(true);
    await page.locator('article').getByRole('link', { name: 'the long page' }).click();
    await expect.poll(() => page.title()).toBe('A long page | Shell Docs');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads none when none is configured', async () => {
    const page = await browser.newPage();
    const foreign: string[] = [];
    page.on('request', (r) => !r.url().startsWith(plain.url) && foreign.push(r.url()));
    await page.goto(`${plain.url}/docs/`);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    expect(await page.locator('script[src^="http"]').count()).toBe(0);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
