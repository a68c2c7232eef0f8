import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read } from '../helpers.ts';

/** The features fixture built with the real CLI: the page actions, the Markdown alternate and llms-full.txt. */
let site: string;
let out: string;
let built: Awaited<ReturnType<typeof docgen>>;
const SITE = 'https://docs.features.example';

beforeAll(async () => {
  site = copyFixture('features');
  out = path.join(site, 'build');
  built = await docgen(site, ['build', '--strict']);
}, 120_000);

/** The docs llms.txt lists, by their page's route, in its order (the sidebars' order). */
const listedRoutes = () => [...read(out, 'llms.txt').matchAll(/^- \[[^\]]*\]\(([^)]+)\.md\)/gm)].map((m) => m[1].slice(SITE.length));

describe('page actions on the features fixture', () => {
  it('builds --strict with no warning', () => {
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
  });

  it('names each doc page’s published Markdown as its text/markdown alternate', () => {
    for (const route of listedRoutes()) {
      const html = read(out, `${route.slice(1)}/index.html`);
      const link = /<link rel="alternate" type="text\/markdown" href="([^"]+)">/.exec(html);
      expect(link?.[1], route).toBe(`${route}.md`);
      expect(readFileSync(path.join(out, `${route.slice(1)}.md`), 'utf8')).toBe(readFileSync(path.join(site, 'content', `${route.slice(1)}.md`.replace(/^docs\.md$/, 'docs/index.md')), 'utf8'));
    }
    expect(read(out, 'index.html')).not.toContain('type="text/markdown"');
  });

  it('renders the menu without JavaScript: View as Markdown and the assistants’ links, no Copy button', () => {
    const html = read(out, 'docs/page-actions/index.html');
    const menu = html.slice(html.indexOf('<div class="page-actions">'), html.indexOf('</details>'));
    expect(menu).toContain('<summary class="page-actions__button">Page actions</summary>');
    expect(menu).toContain('<a class="page-actions__item" href="/docs/page-actions.md" type="text/markdown">View as Markdown</a>');
    const prompt = encodeURIComponent(`Read ${SITE}/docs/page-actions.md so I can ask questions about it.`);
    expect(menu).toContain(`href="https://chatgpt.com/?hints=search&amp;q=${prompt}"`);
    expect(menu).toContain(`href="https://claude.ai/new?q=${prompt}"`);
    expect(menu).not.toContain('Copy page');
  });

  it('writes llms-full.txt: every doc in sidebar order, titled, with its URL and without front matter', () => {
    const full = read(out, 'llms-full.txt');
    const sources = [...full.matchAll(/^Source: (.+)$/gm)].map((m) => m[1].slice(SITE.length).replace(/\/$/, ''));
    expect(sources).toEqual(listedRoutes());
    expect(sources.length).toBeGreaterThan(1);
    expect(full.startsWith('# Features\n')).toBe(true);
    expect(full).toContain(`# Page actions\n\nSource: ${SITE}/docs/page-actions\n\n> Copy a page as Markdown, view it, or open it in an assistant.\n\nEvery doc page has a **Page actions** menu`);
    // A doc opening with its own title keeps it, once.
    expect(full).toContain(`# Features\n\nSource: ${SITE}/docs/\n\nA fixture site`);
    expect(full).not.toMatch(/^sidebar_position:/m);
  });

  it('builds byte-identical llms-full.txt again', async () => {
    const before = read(out, 'llms-full.txt');
    expect((await docgen(site, ['build', '--strict'])).code).toBe(0);
    expect(read(out, 'llms-full.txt')).toBe(before);
  });
});
