import axe from 'axe-core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen } from '../helpers.ts';
import { launchBrowser, startCli, type CliServer } from './browser.ts';

/**
 * Diagrams on the feature fixture, served by `docgen serve` so the site's Content-Security-
 * Policy applies: drawn in each colour mode and again on a toggle, with zero violations; no
 * diagram code on a page without one; the source readable without JavaScript.
 */
let browser: Browser;
let serve: CliServer;

beforeAll(async () => {
  const dir = copyFixture('features');
  const built = await docgen(dir, ['build']);
  if (built.code !== 0) throw new Error(built.stderr);
  [browser, serve] = await Promise.all([launchBrowser(), startCli(dir, ['serve', '--port', '0', '--dir', 'build'])]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await serve?.stop();
});

interface Opened {
  page: Page;
  problems: string[];
  scripts: Map<string, string>;
}

/** A page in the given colour mode, recording CSP violations, console errors and every script it loads (with its text). */
async function open(path: string, mode: 'light' | 'dark', options: BrowserContextOptions & { blockMermaid?: boolean } = {}): Promise<Opened> {
  const { blockMermaid, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  if (blockMermaid) await context.route(/\/assets\/mermaid\//, (route) => route.abort());
  await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
  await context.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP ${e.effectiveDirective} ${e.sourceFile}:${e.lineNumber}`)));
  if (options.javaScriptEnabled !== false) await context.addInitScript({ content: axe.source });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => {}));
  const problems: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  const scripts = new Map<string, string>();
  // A response may still be read as the page closes: that one is simply not recorded.
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') void r.text().then((text) => scripts.set(new URL(r.url()).pathname, text), () => {});
  });
  await page.goto(`${serve.url}${path}`);
  if (options.javaScriptEnabled !== false) await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  return { page, problems, scripts };
}

const drawnIn = (page: Page, mode: string) =>
  page.waitForFunction((m) => [...document.querySelectorAll<HTMLElement>('figure.diagram')].every((f) => f.dataset.drawn === m && f.querySelector('.diagram__drawing svg')), mode);

/** The fill of the first node's box and the colour of its label, as drawn. */
const nodeColours = (page: Page) =>
  page.locator('figure.diagram').first().evaluate((f) => {
    const box = f.querySelector('.diagram__drawing rect.actor') as SVGElement;
    const text = f.querySelector('.diagram__drawing text.actor') as SVGElement;
    return `${getComputedStyle(box).fill} ${getComputedStyle(text).fill}`;
  });

async function axeViolations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
    return found.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

describe('mermaid diagrams', () => {
  it('are drawn in light and dark, redrawn on a toggle, and pass axe under the CSP in both', async () => {
    const { page, problems } = await open('/docs/mermaid', 'light');
    await drawnIn(page, 'light');
    const light = await nodeColours(page);
    expect(await axeViolations(page)).toEqual([]);
    const drawing = page.getByRole('img', { name: 'A payment, step by step' });
    expect(await drawing.locator('svg text').allTextContents()).toEqual(expect.arrayContaining(['Shop', 'API', 'POST /payments']));
    // Drawn: the source is folded away behind its summary, one click from the text.
    expect(await page.locator('details.diagram__source[open]').count()).toBe(0);
    // What the colour-mode toggle does (the fixture's navbar has none).
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await drawnIn(page, 'dark');
    expect(await nodeColours(page)).not.toBe(light);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('load no diagram code on a page without one, and draw after a client navigation to one', async () => {
    const { page, problems, scripts } = await open('/docs/', 'dark');
    await page.waitForLoadState('networkidle');
    const loaded = () => [...scripts].filter(([url, text]) => url.includes('/mermaid/') || text.includes('docgen-diagram-')).map(([url]) => url);
    expect(loaded()).toEqual([]);
    await page.getByRole('link', { name: 'Diagrams' }).first().click();
    await page.waitForURL(`${serve.url}/docs/mermaid`);
    await drawnIn(page, 'dark');
    await expect.poll(() => loaded().length).toBeGreaterThan(1);
    expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBe(2);
    // Navigating away drops the drawings' stylesheets with them.
    await page.goBack();
    await page.waitForURL(`${serve.url}/docs/`);
    await expect.poll(() => page.evaluate(() => document.adoptedStyleSheets.length)).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('read as their source without JavaScript', async () => {
    const { page } = await open('/docs/mermaid', 'light', { javaScriptEnabled: false });
    const source = page.locator('figure.diagram').first().locator('details[open] pre');
    expect(await source.isVisible()).toBe(true);
    expect(await source.textContent()).toContain('Shop->>API: POST /payments');
    expect(await page.locator('figure.diagram summary').first().textContent()).toBe('Diagram source (Mermaid)');
    expect(await page.locator('.diagram__drawing').count()).toBe(0);
    await page.close();
  });

  it('leave their source open when mermaid cannot be loaded', async () => {
    const { page, problems } = await open('/docs/mermaid', 'light', { blockMermaid: true });
    await expect.poll(() => problems.some((p) => p.includes('docgen: diagrams could not be drawn'))).toBe(true);
    expect(await page.locator('figure.diagram details[open] pre').count()).toBe(2);
    expect(await page.locator('.diagram__drawing').count()).toBe(0);
    await page.close();
  });

  it("report a syntax error in docgen dev's overlay at the Markdown line", async () => {
    const dir = copyFixture('features');
    writeFileSync(path.join(dir, 'content', 'docs', 'broken.md'), '---\ntitle: Broken\n---\n\n```mermaid\nsequenceDiagram\n  A->>B oops\n```\n');
    const dev = await startCli(dir, ['dev', '--port', '0']);
    try {
      const page = await browser.newPage();
      await page.goto(`${dev.url}/docs/broken`);
      const overlay = page.locator('#__docgen-overlay [role=alert]');
      await expect.poll(() => overlay.textContent(), { timeout: 20_000 }).toContain('content/docs/broken.md:7:7');
      expect(await overlay.textContent()).toContain("diagram: mermaid diagram does not parse (line 2 of the block): Expecting 'TXT', got 'NEWLINE'");
      await page.close();
    } finally {
      await dev.stop();
    }
  }, 60_000);
});
