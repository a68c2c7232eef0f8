import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, copyPackage, request } from '../helpers.ts';
import { collectErrors, launchBrowser, startCli, type CliServer } from './browser.ts';

let browser: Browser;
let pkg: string;
let site: string;
let dev: CliServer;

beforeAll(async () => {
  // A private docgen package, so that the theme edit below touches no one else's theme.
  pkg = copyPackage();
  site = copyFixture('basic');
  [browser, dev] = await Promise.all([launchBrowser(), startCli(site, ['dev', '--port', '0'], path.join(pkg, 'bin', 'docgen.mjs'))]);
});
afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

const doc = (rel: string) => path.join(site, 'content', 'docs', rel);
const edit = (file: string, from: string, to: string) => writeFileSync(file, readFileSync(file, 'utf8').replaceAll(from, to));

/** A theme source file of the private package that contains `text`. */
function themeFileWith(text: string): string {
  const dir = path.join(pkg, 'theme');
  const file = (readdirSync(dir, { recursive: true }) as string[]).find((f) => /\.(tsx?|css)$/.test(f) && readFileSync(path.join(dir, f), 'utf8').includes(text));
  if (!file) throw new Error(`no theme file contains ${JSON.stringify(text)}`);
  return path.join(dir, file);
}

/** The live-reload events are connected (the server said hello). */
const connected = (page: Page) => page.waitForFunction(() => window.__docgenDev?.connected === true, undefined, { timeout: 10_000 });

async function open(route: string, viewport = { width: 1000, height: 400 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(`${dev.url}${route}`);
  await connected(page);
  return page;
}

describe('docgen dev in Chromium', () => {
  it('serves the site from memory with the live-reload script, and prints its URL', async () => {
    expect(dev.output()).toMatch(/docgen dev: \d+ pages at http:\/\/127\.0\.0\.1:\d+\//);
    // A fresh copy has no Markdown cache: the server answered before rendering every doc.
    expect(dev.output()).toContain('renders in the background');
    await expect.poll(() => dev.output(), { timeout: 30_000 }).toContain('rendered the Markdown of every doc');
    const page = await open('/docs/guide/code');
    const errors = collectErrors(page);
    expect(await page.locator('h1').textContent()).toContain('Code samples');
    expect(await page.locator('script[src="/__docgen/client.js"]').count()).toBe(1);
    await page.reload();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a saved Markdown edit without a manual reload, keeping the scroll position', async () => {
    const page = await open('/docs/guide/code');
    edit(doc('guide/code.md'), '## Shell', `${'Filler paragraph to make the page scroll.\n\n'.repeat(40)}## Shell`);
    await page.getByText('Filler paragraph').first().waitFor({ timeout: 10_000 });
    await connected(page);
    const y = await page.evaluate(() => {
      // As a client router does: the browser itself restores nothing, so the dev script must.
      history.scrollRestoration = 'manual';
      window.scrollTo(0, 500);
      return Math.round(window.scrollY);
    });
    expect(y).toBeGreaterThan(300);
    edit(doc('guide/code.md'), '## Shell', 'A sentence written while the page was open.\n\n## Shell');
    await page.getByText('A sentence written while the page was open.').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
    await page.close();
  });

  it('lets a client runtime with refresh() update the page in place instead of reloading', async () => {
    const page = await browser.newPage();
    // What the theme's client router provides; here it fetches the page and swaps its content.
    await page.addInitScript(() => {
      (window as unknown as { __docgen: unknown }).__docgen = {
        refresh: async () => {
          const html = await (await fetch(location.href)).text();
          const next = new DOMParser().parseFromString(html, 'text/html').getElementById('__docgen');
          document.getElementById('__docgen')!.innerHTML = next!.innerHTML;
        },
      };
    });
    await page.goto(`${dev.url}/docs/guide/nested/deep`);
    await connected(page);
    // The theme's bundle sets its own runtime as it starts: the edit must come after, or a busy
    // machine lets live reload call a runtime the bundle has not yet put in place.
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    edit(doc('guide/nested/deep.md'), '## Second level', 'Refreshed in place.\n\n## Second level');
    await page.getByText('Refreshed in place.').waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.close();
  });

  it('shows broken front matter in an overlay naming file:line, and clears it once fixed', async () => {
    const page = await open('/docs/guide/code');
    edit(doc('guide/code.md'), 'sidebar_position: 1', 'sidebar_position: first');
    const overlay = page.locator('#__docgen-overlay [role=alert]');
    await overlay.waitFor({ timeout: 10_000 });
    await expect.poll(() => overlay.textContent()).toContain('content/docs/guide/code.md:4');
    expect(await overlay.textContent()).toContain('sidebar_position');
    // The page still shows the last good version underneath.
    expect(await page.locator('h1').textContent()).toContain('Code samples');
    await expect.poll(() => dev.output()).toContain('error content/docs/guide/code.md:4:1: front matter "sidebar_position"');
    edit(doc('guide/code.md'), 'sidebar_position: first', 'sidebar_position: 1');
    await overlay.waitFor({ state: 'detached', timeout: 10_000 });
    await page.close();
  });

  it('reports a broken link live with its file:line:column, at the level the config gives', async () => {
    const page = await open('/docs/');
    edit(doc('index.md'), 'Some text.', 'Some text with [a dead link](/docs/nowhere).');
    const overlay = page.locator('#__docgen-overlay [role=alert]');
    await expect.poll(() => overlay.textContent(), { timeout: 10_000 }).toContain('content/docs/index.md:12:16');
    expect(await overlay.textContent()).toContain('broken link: /docs/nowhere');
    edit(doc('index.md'), 'Some text with [a dead link](/docs/nowhere).', 'Some text.');
    await overlay.waitFor({ state: 'detached', timeout: 10_000 });
    await page.close();
  });

  it('reloads the page after a theme edit, with the new styles and components', async () => {
    const page = await open('/docs/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const css = path.join(pkg, 'theme', 'styles', 'index.css');
    writeFileSync(css, `${readFileSync(css, 'utf8')}\nbody { outline: 3px solid rgb(1, 2, 3); }\n`);
    edit(themeFileWith('Skip to main content'), 'Skip to main content', 'Skip to the docs');
    await page.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined, undefined, { timeout: 15_000 });
    await page.getByText('Skip to the docs').waitFor({ state: 'attached', timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe('rgb(1, 2, 3)');
    await page.close();
  });

  it('shows a theme compile error in the overlay and recovers when it is fixed', async () => {
    const page = await open('/docs/');
    const file = themeFileWith('Skip to the docs');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, `${good}\nexport const broken = ;\n`);
    const overlay = page.locator('#__docgen-overlay [role=alert]');
    await expect.poll(() => overlay.textContent(), { timeout: 15_000 }).toMatch(/theme does not compile: .*\n?.*|theme/);
    expect(await overlay.textContent()).toMatch(new RegExp(`${path.basename(file)}:\\d+:\\d+`));
    writeFileSync(file, good);
    await overlay.waitFor({ state: 'detached', timeout: 15_000 });
    await page.close();
  });

  it('answers redirects with 301, unknown pages with the 404 page and status 404', async () => {
    const redirect = await request(dev.url, '/old-intro?x=1');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/docs/?x=1');
    const page = await browser.newPage();
    const res = await page.goto(`${dev.url}/docs/does-not-exist`);
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    await page.goto(`${dev.url}/old-intro`);
    expect(new URL(page.url()).pathname).toBe('/docs/');
    await page.close();
  });

  it('never serves a file outside the site, raw or encoded', async () => {
    writeFileSync(path.join(path.dirname(site), `${path.basename(site)}-secret.txt`), 'outside');
    for (const target of ['/../site.config.ts', '/%2e%2e/site.config.ts', '/docs/%2e%2e%2f%2e%2e%2fsite.config.ts', '/..%5csite.config.ts', '/docs%00/x', `/../${path.basename(site)}-secret.txt`]) {
      const res = await request(dev.url, target);
      expect(res.status, target).toBe(400);
    }
    for (const target of ['//etc/passwd', `/${path.join(site, 'site.config.ts')}`, '/site.config.ts', '/content/docs/index.md']) {
      const res = await request(dev.url, target);
      expect(res.status, target).toBe(404);
      expect(res.body.toString()).not.toContain('defineConfig');
    }
  });
});
