import axe from 'axe-core';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowserOn } from './browser.ts';

/** The features fixture's page of annotated code blocks and images (content/docs/annot.md). */
const env = useBrowserOn('features');
const PAGE = '/docs/annot';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

const open = (options: BrowserContextOptions = {}) => openPage(env.browser, env.site, PAGE, options);

/** Each line of a block: its text, the mark shown before it (generated text) and its alternative for screen readers. */
function linesOf(page: Page, language: string) {
  return page.locator(`figure[data-language="${language}"] [data-line]`).evaluateAll((lines) =>
    lines.map((line) => {
      const mark = line.querySelector('.code-mark');
      return { text: line.textContent, mark: mark ? getComputedStyle(mark, '::before').content : '' };
    }),
  );
}

describe('annotated code blocks', () => {
  it('shows diffs with a readable mark and alternative text, and no notation', async () => {
    const { page, errors } = await open();
    expect(await page.locator('article').textContent()).not.toContain('[!code');
    expect(await linesOf(page, 'js')).toEqual([
      { text: "import { Client } from '@example/sdk';", mark: '' },
      { text: 'const client = new Client({ key: process.env.KEY });', mark: '"−" / "removed:"' },
      { text: 'const client = new Client({ apiKey: process.env.API_KEY });', mark: '"+" / "added:"' },
      { text: 'await client.tokens.create();', mark: '' },
    ]);
    // What a screen reader gets: the marks' alternative text, not the glyphs.
    expect(await page.locator('figure[data-language="js"] pre').ariaSnapshot()).toBe(
      `- code: "import { Client } from '@example/sdk'; removed: const client = new Client({ key: process.env.KEY }); added: const client = new Client({ apiKey: process.env.API_KEY }); await client.tokens.create();"`,
    );
    const yaml = await linesOf(page, 'yaml');
    expect(yaml.map((l) => l.mark)).toEqual(['', '', '"✕" / "error:"', '"!" / "warning:"', '']);
    expect(await page.locator('figure[data-language="yaml"] [data-highlighted-line]').textContent()).toBe('  apiKey: abc');
    expect(await page.locator('figure[data-language="yaml"] mark.code-word').allTextContents()).toEqual(['apiKey', 'apiKey']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('copies the code as shown, without notation or marks', async () => {
    const { page } = await open({ permissions: ['clipboard-read', 'clipboard-write'] });
    const figure = page.locator('figure[data-language="js"]');
    await figure.hover();
    await figure.getByRole('button', { name: 'Copy code to clipboard' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(
      ["import { Client } from '@example/sdk';", 'const client = new Client({ key: process.env.KEY });', 'const client = new Client({ apiKey: process.env.API_KEY });', 'await client.tokens.create();'].join('\n'),
    );
    await page.close();
  });

  it('blurs the lines out of focus until the block is pointed at or focused', async () => {
    const { page } = await open();
    const figure = page.locator('figure[data-language="python"]');
    const filters = () => figure.locator('[data-line]').evaluateAll((lines) => lines.map((l) => getComputedStyle(l).filter));
    await page.mouse.move(0, 0);
    expect(await filters()).toEqual(['blur(1.5px)', 'none', 'none', 'blur(1.5px)']);
    await figure.locator('pre').hover();
    await expect.poll(filters).toEqual(['none', 'none', 'none', 'none']);
    await page.mouse.move(0, 0);
    await expect.poll(filters).toEqual(['blur(1.5px)', 'none', 'none', 'blur(1.5px)']);
    await figure.locator('pre').focus();
    await expect.poll(filters).toEqual(['none', 'none', 'none', 'none']);
    await page.close();
  });
});

describe('images', () => {
  it('have their size before they load, so nothing shifts', async () => {
    // The images never arrive: their room is reserved from the width and height attributes alone.
    const context = await env.browser.newContext();
    await context.route(/\/assets\/img\//, () => {});
    const page = await context.newPage();
    await page.goto(`${env.site.url}${PAGE}`, { waitUntil: 'domcontentloaded' });
    const boxes = await page.locator('article img').evaluateAll((imgs) => imgs.map((i) => ({ complete: (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0, w: i.getBoundingClientRect().width, h: i.getBoundingClientRect().height })));
    expect(boxes.map((b) => b.complete)).toEqual([false, false]);
    expect(boxes.map((b) => Math.round((b.w / b.h) * 100) / 100)).toEqual([2, 3]);
    await context.close();
  });

  it('zoom by click; Escape closes and focus returns to the image', async () => {
    const { page, errors } = await open();
    const zoom = page.getByRole('button', { name: 'Zoom image: A grid of squares' });
    await zoom.click();
    const dialog = page.getByRole('dialog', { name: 'A grid of squares' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const size = await dialog.locator('img').evaluate((img) => img.getBoundingClientRect().width);
    expect(size).toBeGreaterThan(await zoom.evaluate((b) => b.getBoundingClientRect().width) - 1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Zoom image: A grid of squares');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('zoom by keyboard: Enter and Space open, the Close button closes, focus stays with the reader', async () => {
    const { page } = await open();
    const zoom = page.getByRole('button', { name: 'Zoom image: Two boxes joined by a line' });
    await zoom.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Two boxes joined by a line' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog') || document.activeElement === document.body)).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Zoom image: Two boxes joined by a line');
    await page.keyboard.press('Space');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog').count()).toBe(0);
    await page.close();
  });

  it('zoom after a client-side navigation brings the page', async () => {
    const { page } = await openPage(env.browser, env.site, '/docs/');
    await page.evaluate(() => ((window as unknown as { same: boolean }).same = true));
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Code annotations and images' }).click();
    await page.waitForURL(`${env.site.url}${PAGE}`);
    await page.getByRole('button', { name: 'Zoom image: A grid of squares' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'A grid of squares' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { same?: boolean }).same)).toBe(true);
    await page.close();
  });

  it('are plain images without JavaScript: no button that does nothing', async () => {
    const { page } = await open({ javaScriptEnabled: false });
    expect(await page.locator('article img').count()).toBe(2);
    expect(await page.locator('article button').count()).toBe(0);
    await page.close();
  });
});

describe('axe-core on the annotations page', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`finds no violation in ${mode} mode, with a zoomed image`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await context.addInitScript({ content: axe.source });
      const page = await context.newPage();
      await page.goto(`${env.site.url}${PAGE}`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      const run = () => page.evaluate(async () => {
        const results = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
        return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
      });
      expect(await run()).toEqual([]);
      await page.getByRole('button', { name: 'Zoom image: A grid of squares' }).click();
      expect(await run()).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
