import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, request } from '../helpers.ts';
import { collectErrors, launchBrowser, startCli, type CliServer } from './browser.ts';

/** `docgen dev` and `docgen serve` of a fixture whose config says `baseUrl: '/developers/'`. */
const BASE = '/developers/';

let browser: Browser;
let site: string;

/** A copy of the basic fixture, served under BASE. */
function developersFixture(): string {
  const dir = copyFixture('basic');
  const file = path.join(dir, 'site.config.ts');
  const config = readFileSync(file, 'utf8');
  writeFileSync(file, config.replace("  url: 'https://docs.fixture.example',\n", `  url: 'https://docs.fixture.example',\n  baseUrl: '${BASE}',\n`));
  if (!readFileSync(file, 'utf8').includes(`baseUrl: '${BASE}'`)) throw new Error('the fixture config has no url line to put the base after');
  return dir;
}

beforeAll(async () => {
  site = developersFixture();
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const edit = (file: string, from: string, to: string) => writeFileSync(file, readFileSync(file, 'utf8').replaceAll(from, to));

/** The answers every server of the site gives around and under its base. */
async function expectServedUnderBase(url: string): Promise<void> {
  const root = await request(url, '/');
  expect([root.status, root.headers.location]).toEqual([302, BASE]);
  const bare = await request(url, BASE.slice(0, -1));
  expect([bare.status, bare.headers.location]).toEqual([301, BASE]);
  const outside = await request(url, '/docs/guide/code');
  expect(outside.status).toBe(404);
  const page = await request(url, `${BASE}docs/guide/code`);
  expect(page.status).toBe(200);
  expect(page.body.toString()).toContain(`href="${BASE}docs/guide/"`);
}

describe(`docgen dev under ${BASE}`, () => {
  let dev: CliServer;
  beforeAll(async () => {
    dev = await startCli(site, ['dev', '--port', '0']);
  });
  afterAll(() => dev?.stop());

  const open = async (route: string): Promise<Page> => {
    const page = await browser.newPage();
    await page.goto(`${dev.url}${BASE}${route.slice(1)}`);
    await page.waitForFunction(() => window.__docgenDev?.connected === true, undefined, { timeout: 10_000 });
    return page;
  };

  it('prints the URL with the base, serves the pages under it and nothing outside it', async () => {
    await expect.poll(() => dev.output(), { timeout: 30_000 }).toMatch(new RegExp(`docgen dev: \\d+ pages at http://127\\.0\\.0\\.1:\\d+${BASE}`));
    await expectServedUnderBase(dev.url);
  });

  it('shows a saved edit of the open page, and navigates by its links under the base', async () => {
    const page = await open('/docs/guide/code');
    const errors = collectErrors(page);
    edit(path.join(site, 'content', 'docs', 'guide', 'code.md'), '## Shell', 'A sentence written under the base.\n\n## Shell');
    await page.getByText('A sentence written under the base.').waitFor({ timeout: 15_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Guide' }).click();
    await page.waitForURL(`${dev.url}${BASE}docs/guide/`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe(`docgen serve of a build made for ${BASE}`, () => {
  let serve: CliServer;
  beforeAll(async () => {
    const built = await docgen(site, ['build']);
    expect(built.code, built.stderr).toBe(0);
    serve = await startCli(site, ['serve', '--port', '0']);
  });
  afterAll(() => serve?.stop());

  it('prints the URL with the base and serves the build under it', async () => {
    expect(serve.output()).toMatch(new RegExp(`serving build/ at http://127\\.0\\.0\\.1:\\d+${BASE}`));
    await expectServedUnderBase(serve.url);
  });
});
