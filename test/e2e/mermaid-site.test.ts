import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers.ts';
import { startCli, useRealSite, type CliServer } from './browser.ts';

/** The real site's diagrams, under its own Content-Security-Policy (served by `docgen serve`). */
const site = useRealSite({ serve: false });
let serve: CliServer;

beforeAll(async () => {
  serve = await startCli(REPO, ['serve', '--port', '0', '--dir', site.dir]);
}, 180_000);
afterAll(async () => {
  await serve?.stop();
});

const DIAGRAMS = {
  '/docs/features/3d-secure': 'The Universal 3D Secure flow',
  '/docs/concepts/what-is-the-proxy': 'An outbound request through the proxy',
  '/docs/concepts/what-are-tokens': "A token's life cycle",
  '/docs/concepts/what-are-reactors': 'A reactor call',
};

async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  // The sandbox has no network: vendor scripts get an empty answer.
  await context.route(/^https:\/\/[^/]+\.example\//, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await context.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP ${e.effectiveDirective} ${e.sourceFile}:${e.lineNumber}`)));
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => {}));
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${serve.url}${path}`);
  return { page, problems };
}

describe("the real site's diagrams", () => {
  for (const [path, title] of Object.entries(DIAGRAMS)) {
    it(`${path} draws "${title}" with zero violations`, async () => {
      const { page, problems } = await open(path);
      const drawing = page.getByRole('img', { name: title });
      await drawing.locator('svg').waitFor({ timeout: 20_000 });
      expect(await drawing.locator('svg text').count()).toBeGreaterThan(3);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
