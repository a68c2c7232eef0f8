import { renameSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, request } from '../helpers.ts';
import { startCli, type CliServer } from './browser.ts';

/**
 * `docgen dev` next to the other commands a writer runs on the same site: a `docgen build`
 * shares (and prunes) its Markdown cache, and files are deleted and renamed under it.
 */
let site: string;
let dev: CliServer;

beforeAll(async () => {
  site = copyFixture('basic');
  dev = await startCli(site, ['dev', '--port', '0']);
  // A fresh copy has no cache: wait for the Markdown the start left for later.
  for (let t = 0; !dev.output().includes('rendered the Markdown of every doc'); t++) {
    if (t > 600) throw new Error(`docgen dev did not finish rendering:\n${dev.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(async () => {
  await dev?.stop();
});

const doc = (rel: string) => path.join(site, 'content', 'docs', rel);
const edit = (file: string, from: string, to: string) => writeFileSync(file, readFileSync(file, 'utf8').replaceAll(from, to));
const ROUTES = ['/docs/', '/docs/guide/', '/docs/guide/code', '/docs/guide/nested/', '/docs/guide/nested/deep', '/_chunks/docs/index.json', '/_chunks/docs/guide/code.json'];
const statuses = async () => Object.fromEntries(await Promise.all(ROUTES.map(async (r) => [r, (await request(dev.url, r)).status])));
const allOk = Object.fromEntries(ROUTES.map((r) => [r, 200]));
/** The terminal output printed after `mark` (a length of the output taken earlier). */
const since = (mark: number) => () => dev.output().slice(mark);

describe('docgen dev while docgen build runs on the same site', () => {
  it('keeps serving every page when the build prunes the Markdown cache entries dev still holds', async () => {
    expect(await statuses()).toEqual(allOk);
    let mark = dev.output().length;
    edit(doc('index.md'), 'Some text.', 'Some text, edited while a build runs.');
    await expect.poll(since(mark), { timeout: 15_000 }).toContain('re-rendered');
    // The build sees the edited doc: it prunes the entry of the text dev started with.
    const during: Record<string, number>[] = [];
    const building = docgen(site, ['build']);
    let done = false;
    void building.finally(() => (done = true));
    while (!done) during.push(await statuses());
    expect((await building).code).toBe(0);
    expect(during.filter((s) => JSON.stringify(s) !== JSON.stringify(allOk))).toEqual([]);
    // Back to the text whose cache entry the build removed: dev had it in memory.
    mark = dev.output().length;
    edit(doc('index.md'), 'Some text, edited while a build runs.', 'Some text.');
    await expect.poll(since(mark), { timeout: 15_000 }).toContain('re-rendered');
    const page = await request(dev.url, '/docs/');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('Some text.');
    expect(await statuses()).toEqual(allOk);
    expect(dev.output()).not.toContain('error');
  });

  it('keeps serving every page when the whole Markdown cache folder is removed', async () => {
    let mark = dev.output().length;
    edit(doc('guide/code.md'), '## Shell', 'A paragraph about shells.\n\n## Shell');
    await expect.poll(since(mark), { timeout: 15_000 }).toContain('re-rendered');
    rmSync(path.join(site, 'node_modules', '.cache', 'docgen', 'markdown'), { recursive: true, force: true });
    mark = dev.output().length;
    edit(doc('guide/code.md'), 'A paragraph about shells.\n\n## Shell', '## Shell');
    await expect.poll(since(mark), { timeout: 15_000 }).toContain('re-rendered');
    expect(await statuses()).toEqual(allOk);
    expect((await request(dev.url, '/docs/guide/code')).body.toString()).not.toContain('A paragraph about shells.');
    expect(dev.output()).not.toContain('error');
  });
});

describe('docgen dev when a doc is deleted or renamed', () => {
  /** The build's report for the site as it is now: the lines dev must print too. */
  async function buildReport(): Promise<string[]> {
    const res = await docgen(site, ['build']);
    expect(res.code).toBe(1);
    return res.stderr.split('\n').filter((l) => /^content\/\S+ error /.test(l));
  }

  it('reports the links a renamed doc breaks, as the build does, and clears them once fixed', async () => {
    let mark = dev.output().length;
    renameSync(doc('guide/code.md'), doc('guide/codes.md'));
    const broken = 'content/docs/guide/index.md:6:36 error broken link: /docs/guide/code#javascript → no such page; did you mean /docs/guide/codes?';
    expect(await buildReport()).toEqual([broken]);
    await expect.poll(since(mark), { timeout: 15_000 }).toContain(broken);
    mark = dev.output().length;
    edit(doc('guide/index.md'), '/docs/guide/code#javascript', '/docs/guide/codes#javascript');
    await expect.poll(since(mark), { timeout: 15_000 }).toContain('no problems left');
    // Renamed back: now the edited link breaks, until it is edited back too.
    mark = dev.output().length;
    renameSync(doc('guide/codes.md'), doc('guide/code.md'));
    await expect.poll(since(mark), { timeout: 15_000 }).toContain('content/docs/guide/index.md:6:36 error broken link: /docs/guide/codes#javascript → no such page; did you mean /docs/guide/code?');
    mark = dev.output().length;
    edit(doc('guide/index.md'), '/docs/guide/codes#javascript', '/docs/guide/code#javascript');
    await expect.poll(since(mark), { timeout: 15_000 }).toContain('no problems left');
  });

  it('reports the Markdown links a deleted doc breaks, as the build does, and clears them once it is back', async () => {
    const text = readFileSync(doc('guide/nested/deep.md'));
    let mark = dev.output().length;
    rmSync(doc('guide/nested/deep.md'));
    const broken = 'content/docs/index.md:8:46 error broken markdown link: ./guide/nested/deep.md#second-level → no such file content/docs/guide/nested/deep.md';
    expect(await buildReport()).toEqual([broken]);
    await expect.poll(since(mark), { timeout: 15_000 }).toContain(broken);
    expect((await request(dev.url, '/docs/guide/nested/deep')).status).toBe(404);
    mark = dev.output().length;
    writeFileSync(doc('guide/nested/deep.md'), text);
    await expect.poll(since(mark), { timeout: 15_000 }).toContain('no problems left');
    expect((await request(dev.url, '/docs/guide/nested/deep')).status).toBe(200);
  });
});
