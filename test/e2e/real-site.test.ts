import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../../generator/serve/index.ts';
import { docgen, REPO } from '../helpers.ts';
import { collectErrors, launchBrowser } from './browser.ts';

let browser: Browser;
let server: Server;
let url: string;
let out: string;

beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), 'docgen-a11y-'));
  const [b, res] = await Promise.all([launchBrowser(), docgen(REPO, ['build', '--out', path.join(out, 'build')])]);
  browser = b;
  if (res.code !== 0) throw new Error(`the real site failed to build:\n${res.stderr}`);
  server = createStaticServer(path.join(out, 'build'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => (server ? server.close(r) : r(null)));
  rmSync(out, { recursive: true, force: true });
});

// axe checks every text node's contrast: long pages take tens of seconds on a busy machine.
const PAGES = {
  home: '/',
  guide: '/docs/guides/collect/collect-cards',
  'API page': '/docs/api/tokens/tokenize',
  'SDK page': '/docs/sdks/web/react/',
};

describe('accessibility of the real site (axe-core)', () => {
  for (const mode of ['dark', 'light'] as const) {
    for (const [name, route] of Object.entries(PAGES)) {
      it(`has no serious or critical violations on the ${name} in ${mode} mode`, async () => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
        const page = await context.newPage();
        const res = await page.goto(`${url}${route}`);
        expect(res?.status()).toBe(200);
        await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const bad = violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join('\n  ')}`);
        expect(bad).toEqual([]);
        await context.close();
      }, 150_000);
    }
  }
});

describe('the real site on a 320 px screen', () => {
  it('fits every page type without sideways scrolling, and hydrates without errors', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 700 } });
    // The site's third-party scripts point at .example hosts, which never resolve here.
    const errors = collectErrors(page);
    for (const route of Object.values(PAGES)) {
      await page.goto(`${url}${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBe(320);
    }
    expect(errors.filter((e) => !e.includes('ERR_NAME_NOT_RESOLVED'))).toEqual([]);
    await page.close();
  });
});
