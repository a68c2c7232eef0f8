import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { copyFixture, docgen, read } from '../helpers.ts';

/** A site of another shape: sidebars `guides` and `reference`, docs under /handbook, its own badges. */
let site: string;
let out: string;

/** The sidebar of a built page. */
const sidebarOf = (file: string) => /<aside class="doc-page__sidebar">.*?<\/aside>/s.exec(read(out, file))?.[0] ?? '';

beforeAll(async () => {
  site = copyFixture('handbook');
  out = path.join(site, 'build');
  const res = await docgen(site, ['build', '--strict']);
  expect(res.stderr).toBe('');
  expect(res.code).toBe(0);
});

describe('the handbook fixture', () => {
  it('serves its docs under the configured route base', () => {
    expect(read(out, 'sitemap.xml').match(/<loc>[^<]+<\/loc>/g)).toEqual(
      ['/', '/handbook/', '/handbook/guides/', '/handbook/guides/advanced/', '/handbook/guides/advanced/rollbacks', '/handbook/guides/onboarding', '/handbook/guides/releasing', '/handbook/reference/', '/handbook/reference/cli', '/handbook/reference/settings'].map(
        (r) => `<loc>https://handbook.fixture.example${r}</loc>`,
      ),
    );
    expect(read(out, '404.html')).toContain('<a href="/handbook/">documentation home</a>');
  });

  it('shows each doc the sidebar of its folder, generated or hand-listed', () => {
    const guide = sidebarOf('handbook/guides/releasing/index.html');
    expect(guide).toContain('<a class="menu__link" href="/handbook/guides/onboarding">Onboarding<span class="badge badge--stable" title="Reviewed and kept up to date">Stable</span></a>');
    expect(guide).not.toContain('href="/handbook/reference/cli"');
    const reference = sidebarOf('handbook/reference/cli/index.html');
    expect(reference).toContain('href="/handbook/reference/settings">Settings<span class="badge badge--draft" title="Still being written: expect changes">Draft</span></a>');
    expect(reference).not.toContain('href="/handbook/guides/onboarding"');
    expect(sidebarOf('handbook/index.html')).toContain('href="/handbook/guides/onboarding"');
  });

  it('gives badges their tooltips in titles, sidebars and text', () => {
    const releasing = read(out, 'handbook/guides/releasing/index.html');
    expect(releasing).toContain('Releasing<span class="badge badge--draft" title="Still being written: expect changes">Draft</span></h1>');
    expect(releasing).toContain('Checklist <span class="badge badge--draft" title="Still being written: expect changes">Draft</span>');
    expect(read(out, 'handbook/reference/cli/index.html')).toContain('Commands<span class="badge badge--stable" title="Reviewed and kept up to date">Stable</span>');
  });

  it('lists its docs in llms.txt under the label of their sidebar', () => {
    const headings = read(out, 'llms.txt').match(/^## .+$/gm);
    expect(headings).toEqual(['## Pages', '## Guides', '## Reference', '## Other docs']);
  });

  it('passes its link check', async () => {
    const res = await docgen(site, ['check']);
    expect(res.stdout).toMatch(/: 0 broken in /);
    expect(res.code).toBe(0);
  });
});
