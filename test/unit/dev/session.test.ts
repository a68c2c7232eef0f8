import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryFiles } from '../../../generator/dev/files.ts';
import { LARGE_SITE_PAGES } from '../../../generator/dev/inputs.ts';
import { DevSession } from '../../../generator/dev/session.ts';
import { isPageFile } from '../../../generator/render/paths.ts';
import { Entry } from '../../../generator/serve/http.ts';

const CONFIG = `import { defineConfig } from 'docgen';
export default defineConfig({ title: 'Unit', url: 'https://unit.example', onBrokenAnchors: 'warn', sidebars: { docs: { dir: '' }, api: { dir: 'api' } } });
`;

const SITE: Record<string, string> = {
  'site.config.ts': CONFIG,
  'redirects.json': '[{ "from": "/old", "to": "/docs/guide/a" }]',
  'content/docs/index.md': '---\ntitle: Home\n---\n\nSee [A](/docs/guide/a#setup).\n',
  'content/docs/guide/index.md': '---\ntitle: Guide\n---\n\nThe guide.\n',
  'content/docs/guide/a.md': '---\ntitle: Page A\nsidebar_position: 1\n---\n\n## Setup\n\nFirst steps.\n',
  'content/docs/guide/b.md': '---\ntitle: Page B\nsidebar_position: 2\n---\n\nSecond page.\n',
  'content/docs/api/index.md': '---\ntitle: API\n---\n\nThe API.\n',
  'content/docs/api/tokens.md': '---\ntitle: Tokens\n---\n\nCreate tokens, as [page B](../guide/b.md) shows.\n',
};

const DOCS_PAGES = ['docs/index.html', 'docs/guide/index.html', 'docs/guide/a/index.html', 'docs/guide/b/index.html'];
const API_PAGES = ['docs/api/index.html', 'docs/api/tokens/index.html'];

let sessions: DevSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  sessions = [];
});

/** A site in a temp folder and a session that has run every stage once. */
async function start(files = SITE, defer = false) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-dev-unit-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  const served = new MemoryFiles({ transform: (_p, b) => b, failed: (p, err) => new Entry(p, Buffer.from(String(err)), 500) });
  const session = new DevSession(root, served);
  sessions.push(session);
  const first = await session.start(defer);
  expect(first.ok, session.errors().map((e) => e.message).join('\n')).toBe(true);
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
    return path.join(root, rel);
  };
  const edit = (rel: string, from: string, to: string) => write(rel, readFileSync(path.join(root, rel), 'utf8').replace(from, to));
  const page = (p: string) => served.get(p)?.body.toString() ?? '';
  return { root, session, served, write, edit, page };
}

// The pages' documents (their copies at `<route>.html` change with them).
const pages = (changed: string[]) => changed.filter(isPageFile).sort();

describe('dev invalidation: which pages render again for which change', () => {
  it('a body-only edit re-renders that page alone', async () => {
    const { session, edit, page } = await start();
    const result = await session.update([edit('content/docs/guide/b.md', 'Second page.', 'Second page, edited.')]);
    expect(result).toMatchObject({ ok: true, reload: false });
    expect(pages(result.changed)).toEqual(['docs/guide/b/index.html']);
    expect(result.changed).toContain('docs/guide/b.md');
    expect(page('docs/guide/b/index.html')).toContain('Second page, edited.');
  });

  it('shows a body-only edit before running the stages: that page first, and the run after it does not render it again', async () => {
    const { session, edit, page } = await start();
    const told: string[][] = [];
    const result = await session.update([edit('content/docs/guide/b.md', 'Second page.', 'Second page, edited.')], (r) => told.push(r.changed));
    expect(told).toHaveLength(1);
    expect(pages(told[0])).toEqual(['docs/guide/b/index.html']);
    expect(page('docs/guide/b/index.html')).toContain('Second page, edited.');
    // The run of the stages brought the rest and found the page as shown (same key).
    expect(result.changed).toContain('docs/guide/b.md');
    expect(pages(result.changed)).toEqual([]);
  });

  it('takes the whole run for an edit to front matter, even with a listener', async () => {
    const { session, edit } = await start();
    const told: string[][] = [];
    await session.update([edit('content/docs/guide/b.md', 'title: Page B', 'title: Page Bee')], (r) => told.push(r.changed));
    expect(told).toHaveLength(1);
    expect(pages(told[0])).toEqual([...DOCS_PAGES].sort());
  });

  it('a new title re-renders the pages showing its sidebar, not the other sidebar', async () => {
    const { session, edit, page } = await start();
    const result = await session.update([edit('content/docs/guide/b.md', 'title: Page B', 'title: Page Bee')]);
    expect(pages(result.changed)).toEqual([...DOCS_PAGES].sort());
    expect(page('docs/guide/a/index.html')).toContain('Page Bee');
  });

  it('a sidebar label or position change re-renders that sidebar; a slug change also the pages linking to its file', async () => {
    const { session, edit, served, page } = await start();
    const label = await session.update([edit('content/docs/api/tokens.md', 'title: Tokens', 'title: Tokens\nsidebar_label: Token API')]);
    expect(pages(label.changed)).toEqual([...API_PAGES].sort());
    const position = await session.update([edit('content/docs/guide/b.md', 'sidebar_position: 2', 'sidebar_position: 0')]);
    expect(pages(position.changed)).toEqual([...DOCS_PAGES].sort());
    const slug = await session.update([edit('content/docs/guide/b.md', 'title: Page B', 'title: Page B\nslug: bee')]);
    expect(pages(slug.changed)).toEqual([...DOCS_PAGES, 'docs/guide/bee/index.html', 'docs/api/tokens/index.html'].sort());
    expect(page('docs/api/tokens/index.html')).toContain('href="/docs/guide/bee"');
    expect(served.get('docs/guide/b/index.html')).toBeUndefined();
    expect(served.get('docs/guide/bee/index.html')?.body.toString()).toContain('Second page.');
  });

  it('a removed heading re-renders its page only and reports the anchor broken in the page linking to it', async () => {
    const { session, edit } = await start();
    expect(session.diagnostics).toEqual([]);
    const result = await session.update([edit('content/docs/guide/a.md', '## Setup', '## Install')]);
    expect(pages(result.changed)).toEqual(['docs/guide/a/index.html']);
    expect(session.diagnostics).toMatchObject([{ kind: 'broken anchor', severity: 'warning', location: { file: 'content/docs/index.md', line: 5 } }]);
    await session.update([edit('content/docs/guide/a.md', '## Install', '## Setup')]);
    expect(session.diagnostics).toEqual([]);
  });

  it('a new doc adds its page and re-renders its sidebar; removing it takes both back', async () => {
    const { session, write, root, served } = await start();
    const added = await session.update([write('content/docs/guide/c.md', '---\ntitle: Page C\n---\n\nThird.\n')]);
    expect(pages(added.changed)).toEqual([...DOCS_PAGES, 'docs/guide/c/index.html'].sort());
    rmSync(path.join(root, 'content/docs/guide/c.md'));
    const removed = await session.update([path.join(root, 'content/docs/guide/c.md')]);
    expect(pages(removed.changed)).toEqual([...DOCS_PAGES, 'docs/guide/c/index.html'].sort());
    expect(served.get('docs/guide/c/index.html')).toBeUndefined();
  });

  it('a redirects.json change renders no page, only the redirect files', async () => {
    const { session, write, served } = await start();
    const result = await session.update([write('redirects.json', '[{ "from": "/old", "to": "/docs/guide/b" }]')]);
    expect(result.changed.filter((p) => p.endsWith('.html')).sort()).toEqual(['old.html', 'old/index.html']);
    expect(result.changed).toContain('_redirects');
    expect(served.redirects().get('/old')).toBe('/docs/guide/b');
  });

  it('a config change reloads every page', async () => {
    const { session, write } = await start();
    const result = await session.update([write('site.config.ts', CONFIG.replace("title: 'Unit'", "title: 'Unit Renamed'"))]);
    expect(result.reload).toBe(true);
    expect(pages(result.changed)).toEqual(expect.arrayContaining([...DOCS_PAGES, ...API_PAGES, '404.html']));
  });
});

describe('dev errors: the last good files stay, the error names its place until fixed', () => {
  it('bad front matter keeps the page as it was and clears when fixed', async () => {
    const { session, edit, page } = await start();
    const broken = await session.update([edit('content/docs/guide/b.md', 'sidebar_position: 2', 'sidebar_position: two')]);
    expect(pages(broken.changed)).toEqual([]);
    expect(session.errors()).toMatchObject([{ location: { file: 'content/docs/guide/b.md', line: 3 } }]);
    expect(page('docs/guide/b/index.html')).toContain('Second page.');
    // Another file's edit goes through while b.md is still broken.
    const other = await session.update([edit('content/docs/guide/a.md', 'First steps.', 'First steps, edited.')]);
    expect(pages(other.changed)).toEqual(['docs/guide/a/index.html']);
    expect(session.errors()).toHaveLength(1);
    await session.update([edit('content/docs/guide/b.md', 'sidebar_position: two', 'sidebar_position: 2')]);
    expect(session.errors()).toEqual([]);
  });

  it('a broken link is reported at the level the config gives, with file and line', async () => {
    const { session, edit } = await start();
    await session.update([edit('content/docs/guide/b.md', 'Second page.', 'Second page.\n\nSee [gone](/docs/nowhere).')]);
    expect(session.diagnostics).toMatchObject([{ kind: 'broken link', severity: 'error', location: { file: 'content/docs/guide/b.md', line: 8, column: 5 } }]);
  });

  it('a config error keeps the site and clears when fixed', async () => {
    const { session, write, page } = await start();
    const broken = await session.update([write('site.config.ts', CONFIG.replace("title: 'Unit'", 'title: 42'))]);
    expect(broken.ok).toBe(true);
    expect(session.errors()).toMatchObject([{ location: { file: 'site.config.ts' } }]);
    expect(session.errors()[0].message).toContain('title');
    expect(page('docs/guide/a/index.html')).toContain('| Unit</title>');
    await session.update([write('site.config.ts', CONFIG)]);
    expect(session.errors()).toEqual([]);
  });
});

describe('a start on a cold cache', () => {
  it('renders a page asked for on its own, and the rest of the Markdown in the background', async () => {
    const { session, page } = await start(SITE, true);
    expect(session.deferring).toBe(true);
    expect(session.isDeferred('docs/guide/b/index.html')).toBe(true);
    await session.prepare('docs/guide/b/index.html');
    expect(session.isDeferred('docs/guide/b/index.html')).toBe(false);
    expect(page('docs/guide/b/index.html')).toContain('Second page.');
    // The search files wait for every doc's sections.
    let searchReady = false;
    const search = session.prepare('search-files.json').then(() => (searchReady = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(searchReady).toBe(false);
    await session.renderRest();
    const rest = await session.update([]);
    await search;
    expect(session.deferring).toBe(false);
    expect(page('docs/guide/a/index.html')).toContain('First steps.');
    // The page shown first was already what the run made of it.
    expect(pages(rest.changed)).toContain('docs/guide/a/index.html');
    expect(pages(rest.changed)).not.toContain('docs/guide/b/index.html');
  });

  it('on a large site, leaves even the docs in the cache for later: the start reads no entry, the page asked for comes from the cache', async () => {
    const large: Record<string, string> = { ...SITE };
    for (let i = 0; i < LARGE_SITE_PAGES; i++) large[`content/docs/many/p${i}.md`] = `---\ntitle: Page ${i}\n---\n\nText of page ${i}.\n`;
    const warm = await start(large);
    await warm.session.close();
    const files = new MemoryFiles({ transform: (_p, b) => b, failed: (p, err) => new Entry(p, Buffer.from(String(err)), 500) });
    const session = new DevSession(warm.root, files);
    sessions.push(session);
    expect((await session.start(true)).ok).toBe(true);
    // Every doc waits, cached or not.
    expect(session.waiting).toBe(session.pages);
    expect(session.pages).toBeGreaterThan(LARGE_SITE_PAGES);
    await session.prepare('docs/many/p7/index.html');
    expect(files.get('docs/many/p7/index.html')?.body.toString()).toContain('Text of page 7.');
    expect(session.isDeferred('docs/many/p8/index.html')).toBe(true);
    await session.renderRest();
    await session.update([]);
    expect(session.deferring).toBe(false);
    expect(files.get('docs/many/p1999/index.html')?.body.toString()).toContain('Text of page 1999.');
  }, 120_000);

  it('on a large site with a cold cache, highlights the first page asked for on a thread warmed meanwhile, ended once that page is served', async () => {
    const large: Record<string, string> = { ...SITE, 'content/docs/guide/a.md': '---\ntitle: Page A\n---\n\n```ts\nconst answer: number = 42;\n```\n' };
    for (let i = 0; i < LARGE_SITE_PAGES; i++) large[`content/docs/many/p${i}.md`] = `---\ntitle: Page ${i}\n---\n\nText of page ${i}.\n`;
    const { session, page } = await start(large, true);
    expect(session.highlighterWarm).toBe(true);
    await session.prepare('docs/guide/a/index.html');
    const html = page('docs/guide/a/index.html');
    expect(html).toContain('<span class="line"');
    expect(html).toContain('42');
    session.firstPageDone();
    expect(session.highlighterWarm).toBe(false);
    // A warm cache has its pages ready: no thread is started for them.
    await session.renderRest();
    await session.update([]);
    await session.close();
    const again = new DevSession(session.root, new MemoryFiles({ transform: (_p, b) => b, failed: (p, err) => new Entry(p, Buffer.from(String(err)), 500) }));
    sessions.push(again);
    expect((await again.start(true)).ok).toBe(true);
    expect(again.highlighterWarm).toBe(false);
  }, 120_000);

  it('checks the links only once every doc is rendered', async () => {
    const { session } = await start({ ...SITE, 'content/docs/guide/b.md': '---\ntitle: Page B\n---\n\nSee [nowhere](/docs/nowhere).\n' }, true);
    expect(session.diagnostics).toEqual([]);
    // An edit meanwhile is applied, and still leaves the rest for later.
    await session.update([]);
    expect(session.deferring).toBe(true);
    expect(session.diagnostics).toEqual([]);
    await session.renderRest();
    await session.update([]);
    expect(session.deferring).toBe(false);
    expect(session.diagnostics).toMatchObject([{ kind: 'broken link', location: { file: 'content/docs/guide/b.md' } }]);
  });
});
