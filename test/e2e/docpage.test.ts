import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collapseDuration } from '../../theme/components/Collapsible/index.ts';
import { openPage, useBrowserOn } from './browser.ts';

const env = useBrowserOn('docpage');

const open = (path: string, options: BrowserContextOptions = {}) => openPage(env.browser, env.site, path, options);

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Docs sidebar' });

/**
 * The inline transition lives only while a list animates: record every value it takes, with
 * the height it animates to or from.
 */
async function recordTransitions(list: Locator): Promise<() => Promise<{ transition: string; height: string }[]>> {
  await list.evaluate((ul) => {
    const seen: { transition: string; height: string }[] = ((window as unknown as { seen: typeof seen }).seen = []);
    new MutationObserver(() => seen.push({ transition: ul.style.transition, height: ul.style.height })).observe(ul, { attributes: true, attributeFilter: ['style'] });
  });
  return () => list.page().evaluate(() => (window as unknown as { seen: { transition: string; height: string }[] }).seen.filter((s) => s.transition));
}

describe('doc page furniture', () => {
  it('makes the skip link the first Tab stop and moves focus to the main content', async () => {
    const { page, errors } = await open('/docs/');
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('Skip to main content');
    const box = (await focused.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    expect(page.url()).toBe(`${env.site.url}/docs/`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('returns focus to the skip link region after a client navigation', async () => {
    const { page } = await open('/docs/');
    await page.evaluate(() => ((window as unknown as { same: boolean }).same = true));
    await sidebar(page).getByRole('link', { name: 'API' }).click();
    await page.waitForURL(`${env.site.url}/docs/reference/api`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Skip to main content');
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe('Skip to main content');
    expect(await page.evaluate(() => (window as unknown as { same?: boolean }).same)).toBe(true);
    await page.close();
  });

  it('prints the article without the navigation around it', async () => {
    const { page } = await open('/docs/guides/first');
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['.navbar', 'nav.sidebar', '.breadcrumbs', '.pagination', '.footer']) {
      expect(await page.locator(selector).first().isVisible(), selector).toBe(selector === '.breadcrumbs');
    }
    expect(await page.locator('article h1').isVisible()).toBe(true);
    await page.close();
  });

  it('shows breadcrumbs: home, the category trail as links, the current page as plain text', async () => {
    const { page } = await open('/docs/guides/advanced/deep');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await crumbs.locator('li').allTextContents()).toEqual(['', 'Guides', 'Advanced', 'Deep guide']);
    expect(await crumbs.getByRole('link', { name: 'Home page' }).getAttribute('href')).toBe('/');
    expect(await crumbs.getByRole('link', { name: 'Advanced' }).getAttribute('href')).toBe('/docs/guides/advanced/');
    expect(await crumbs.getByRole('link', { name: 'Deep guide' }).count()).toBe(0);
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe('Deep guide');
    await page.close();
  });

  it("expands the active page's categories, marks the page and shows badges", async () => {
    const { page } = await open('/docs/guides/advanced/deep');
    const nav = sidebar(page);
    expect(await nav.getByRole('button', { name: "Collapse sidebar category 'Guides'" }).getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('button', { name: "Collapse sidebar category 'Advanced'" }).getAttribute('aria-expanded')).toBe('true');
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe('Deep guideDeprecated');
    expect(await nav.locator('.badge').allTextContents()).toEqual(['Beta', 'Enterprise', 'Deprecated']);
    await page.close();
  });

  it('scrolls the sidebar to the current page when it lies below the fold', async () => {
    const { page } = await open('/docs/guides/advanced/deep', { viewport: { width: 1280, height: 260 } });
    const nav = sidebar(page);
    expect(await nav.evaluate((n) => n.scrollTop)).toBeGreaterThan(0);
    const [box, link] = await Promise.all([nav.boundingBox(), nav.locator('[aria-current="page"]').boundingBox()]);
    expect(link!.y).toBeGreaterThanOrEqual(box!.y);
    expect(link!.y + link!.height).toBeLessThanOrEqual(box!.y + box!.height);
    await page.close();
  });

  it('animates a category open with ease-in-out for a duration from its height, loading its items on demand', async () => {
    const { page, errors } = await open('/docs/');
    const nav = sidebar(page);
    const list = nav.locator('li', { has: page.getByRole('link', { name: 'Guides', exact: true }) }).locator('> ul');
    expect(await nav.getByRole('link', { name: /First guide/ }).count()).toBe(0);
    const transitions = await recordTransitions(list);
    await nav.getByRole('button', { name: "Expand sidebar category 'Guides'" }).click();
    await expect.poll(() => list.evaluate((ul) => ul.style.height)).toBe('auto');
    const opening = (await transitions()).find((t) => t.height.endsWith('px') && t.height !== '0px')!;
    expect(opening.transition).toBe(`height ${collapseDuration(Number.parseFloat(opening.height))}ms ease-in-out`);
    expect(Number.parseFloat(opening.height)).toBeGreaterThan(36);
    expect(await nav.getByRole('button', { name: "Collapse sidebar category 'Guides'" }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => nav.getByRole('link', { name: /First guide/ }).isVisible()).toBe(true);
    await nav.getByRole('button', { name: "Collapse sidebar category 'Guides'" }).click();
    await expect.poll(() => list.evaluate((ul) => ul.style.display)).toBe('none');
    expect(await nav.getByRole('link', { name: /First guide/ }).isVisible()).toBe(false);
    // On the category's own page its label toggles instead of navigating.
    await nav.getByRole('link', { name: 'Guides', exact: true }).click();
    await page.waitForURL(`${env.site.url}/docs/guides/`);
    await expect.poll(() => nav.getByRole('link', { name: /First guide/ }).isVisible()).toBe(true);
    await nav.getByRole('link', { name: 'Guides', exact: true }).click();
    await expect.poll(() => nav.getByRole('button', { name: "Expand sidebar category 'Guides'" }).getAttribute('aria-expanded')).toBe('false');
    expect(page.url()).toBe(`${env.site.url}/docs/guides/`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes 1 ms under reduced motion', async () => {
    const { page } = await open('/docs/', { reducedMotion: 'reduce' });
    const nav = sidebar(page);
    const list = nav.locator('li', { has: page.getByRole('link', { name: 'Reference', exact: true }) }).locator('> ul');
    const transitions = await recordTransitions(list);
    await nav.getByRole('button', { name: "Collapse sidebar category 'Reference'" }).click();
    await expect.poll(() => list.evaluate((ul) => ul.style.display)).toBe('none');
    expect(new Set((await transitions()).map((t) => t.transition))).toEqual(new Set(['height 1ms ease-in-out']));
    await page.close();
  });

  it('lists h2–h3 in the table of contents and highlights the heading being read', async () => {
    const { page } = await open('/docs/', { viewport: { width: 1400, height: 800 } });
    const toc = page.locator('nav.toc');
    expect(await toc.locator('a').allTextContents()).toEqual(['Install the package', 'Configure', 'Options', 'Run', 'Troubleshoot']);
    expect(await page.locator('#fine-print').count()).toBe(1);
    expect(await toc.locator('a.toc__link--active').textContent()).toBe('Install the package');
    await page.evaluate(() => window.scrollTo(0, document.getElementById('run')!.offsetTop - 120));
    await expect.poll(() => toc.locator('a.toc__link--active').textContent()).toBe('Run');
    await page.evaluate(() => window.scrollTo(0, document.getElementById('run')!.offsetTop + 300));
    await expect.poll(() => toc.locator('a.toc__link--active').textContent()).toBe('Run');
    await page.close();
  });

  it('gives narrow screens a collapsible "On this page" above the article', async () => {
    const { page } = await open('/docs/', { viewport: { width: 800, height: 900 } });
    expect(await page.locator('nav.toc').isVisible()).toBe(false);
    const summary = page.locator('article summary', { hasText: 'On this page' });
    expect(await summary.isVisible()).toBe(true);
    const link = page.locator('.toc-mobile a', { hasText: 'Troubleshoot' });
    expect(await link.isVisible()).toBe(false);
    await summary.click();
    await link.click();
    await page.waitForURL(`${env.site.url}/docs/#troubleshoot`);
    expect(await link.isVisible()).toBe(false);
    await page.close();
  });

  it('links each heading to itself and pages to the previous and next doc', async () => {
    const { page } = await open('/docs/guides/first');
    const { page: first } = await open('/docs/');
    expect(await first.locator('#configure a.hash-link').getAttribute('title')).toBe('Direct link to Configure');
    const pages = page.getByRole('navigation', { name: 'Docs pages' });
    expect(await pages.locator('a').allTextContents()).toEqual(['PreviousGuides', 'NextAdvanced']);
    expect(await first.getByRole('navigation', { name: 'Docs pages' }).locator('a').allTextContents()).toEqual(['NextGuides']);
    await page.close();
    await first.close();
  });
});

describe('tabs and code blocks', () => {
  const selected = (page: Page) => page.locator('.tabs [role=tab][aria-selected=true]').allTextContents();

  it('switches tab sets of one group together, by click and arrow keys, and remembers the choice', async () => {
    const { page, errors } = await open('/docs/');
    expect(await selected(page)).toEqual(['npm', 'npm']);
    await page.getByRole('tab', { name: 'yarn' }).first().click();
    expect(await selected(page)).toEqual(['yarn', 'yarn']);
    expect(await page.locator('[role=tabpanel]:visible code').allTextContents()).toEqual(['yarn add docpage', 'yarn docpage']);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.pm'))).toBe('yarn');
    await page.keyboard.press('ArrowRight');
    expect(await selected(page)).toEqual(['pnpm', 'pnpm']);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('pnpm');
    await page.keyboard.press('ArrowRight');
    expect(await selected(page)).toEqual(['npm', 'npm']);
    await page.keyboard.press('ArrowLeft');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    expect(await selected(page)).toEqual(['pnpm', 'pnpm']);
    await page.getByRole('tab', { name: 'yarn' }).first().click();
    await sidebar(page).getByRole('link', { name: 'API' }).click();
    await page.waitForURL(`${env.site.url}/docs/reference/api`);
    await expect.poll(() => selected(page)).toEqual(['yarn']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('copies a code block without its line numbers and announces it', async () => {
    const { page } = await open('/docs/', { permissions: ['clipboard-read', 'clipboard-write'] });
    const block = page.locator('figure.code-block', { hasText: 'config.js' });
    await block.hover();
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const first = 1;\nconst second = 2;');
    expect(await page.getByRole('status').textContent()).toBe('Copied');
    expect(await block.getByRole('button').textContent()).toBe('Copied');
    await sidebar(page).getByRole('link', { name: 'API' }).click();
    await page.getByRole('button', { name: 'Copy https://api.docpage.example/things' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://api.docpage.example/things');
    await page.close();
  });
});

describe('without JavaScript', () => {
  it('shows every category and every tab panel, and links still navigate', async () => {
    const { page } = await open('/docs/reference/', { javaScriptEnabled: false });
    const nav = sidebar(page);
    expect(await nav.getByRole('link', { name: 'API' }).isVisible()).toBe(true);
    await nav.getByRole('link', { name: /^Install/ }).click();
    await page.waitForURL(`${env.site.url}/docs/`);
    expect(await page.locator('[role=tabpanel]:visible').count()).toBe(6);
    expect(await page.locator('nav.sidebar [aria-current="page"]').textContent()).toBe('InstallBeta');
    await page.close();
  });

  it('lists the pages of every category, the collapsed ones included, reachable by keyboard', async () => {
    const { page } = await open('/docs/', { javaScriptEnabled: false });
    const nav = sidebar(page);
    const lists = nav.locator('.menu__category > ul');
    expect(await lists.count()).toBe(3);
    for (const list of await lists.all()) {
      expect(await list.isVisible()).toBe(true);
      expect(await list.getByRole('link').count()).toBeGreaterThan(0);
    }
    for (const name of [/First guide/, /^Advanced/, /Deep guide/, /^API/]) expect(await nav.getByRole('link', { name }).isVisible(), String(name)).toBe(true);
    expect(await nav.locator('[tabindex]').count()).toBe(0);
    expect(await page.locator('[style]').count()).toBe(0);
    await nav.getByRole('link', { name: /Deep guide/ }).click();
    await page.waitForURL(`${env.site.url}/docs/guides/advanced/deep`);
    await page.close();
  });
});

describe('the sidebar the server renders, hydrated', () => {
  it('keeps collapsed categories closed by a class, without inline styles, and hydrates without a mismatch', async () => {
    const { page, errors } = await open('/docs/');
    const nav = sidebar(page);
    const guides = nav.locator('li', { has: page.getByRole('link', { name: 'Guides', exact: true }) }).locator('> ul');
    expect(await guides.getAttribute('class')).toBe('menu__list collapsible--closed');
    expect(await guides.isVisible()).toBe(false);
    expect(await nav.getByRole('link', { name: 'API' }).isVisible()).toBe(true);
    const html = await (await page.request.get(`${env.site.url}/docs/`)).text();
    expect(await page.evaluate((text) => new DOMParser().parseFromString(text, 'text/html').querySelectorAll('[style], style').length, html)).toBe(0);
    expect(html).toContain('Deep guide');
    // The inline data keeps the collapsed category pruned: its pages are only in the markup.
    expect(await page.evaluate(() => document.getElementById('__docgen-data')!.textContent)).not.toContain('Deep guide');
    await nav.getByRole('button', { name: "Expand sidebar category 'Guides'" }).click();
    await expect.poll(() => nav.getByRole('link', { name: /First guide/ }).isVisible()).toBe(true);
    await nav.getByRole('button', { name: "Expand sidebar category 'Advanced'" }).click();
    await expect.poll(() => nav.getByRole('link', { name: /Deep guide/ }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
