import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_CONFIG, writeCorpus } from '../bench/corpus.mjs';
import { docgen } from '../helpers.ts';

/**
 * The same synthetic corpus at two sizes: a page weighs about the same in a site five times
 * larger (closed sidebar categories send no items; their generated pages list them), and a
 * reader without JavaScript still reaches every page from the docs' first page by links alone.
 */
const SIZES = [40, 200] as const;
const out: Record<number, string> = {};
/** 26 sections of one folder, t7 of 26 (each with its generated index), one short doc each: long sidebar lists, which pages show in part. */
const WIDE = 26;
const foldersOf = (i: number) => (i === 7 ? WIDE : 1);
let wide = '';

beforeAll(async () => {
  for (const n of SIZES) {
    const site = mkdtempSync(path.join(os.tmpdir(), `docgen-scale-${n}-`));
    writeCorpus(n, site);
    const res = await docgen(site, ['build']);
    expect(res.code, res.stderr).toBe(0);
    out[n] = path.join(site, 'build');
  }
  const site = mkdtempSync(path.join(os.tmpdir(), 'docgen-scale-wide-'));
  writeFileSync(path.join(site, 'site.config.ts'), SITE_CONFIG);
  mkdirSync(path.join(site, 'content', 'docs'), { recursive: true });
  writeFileSync(path.join(site, 'content', 'docs', 'index.md'), '# Home\n\nThe docs.\n');
  for (let i = 0; i < WIDE; i++) {
    for (let j = 0; j < foldersOf(i); j++) {
      const dir = path.join(site, 'content', 'docs', `t${i}`, `s${j}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'page.md'), `# Page ${i}.${j}\n\nText.\n`);
    }
  }
  const res = await docgen(site, ['build']);
  expect(res.code, res.stderr).toBe(0);
  wide = path.join(site, 'build');
}, 180_000);

/** Every doc page (redirect stubs aside), by the route it is served at. */
function pages(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const rel of readdirSync(path.join(dir, 'docs'), { recursive: true, encoding: 'utf8' })) {
    if (!rel.endsWith('index.html')) continue;
    const html = readFileSync(path.join(dir, 'docs', rel), 'utf8');
    if (!html.includes('http-equiv="refresh"')) found.set(`/docs/${path.dirname(rel) === '.' ? '' : `${path.dirname(rel)}/`}`, html);
  }
  return found;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sidebarLinks = (html: string) => {
  const start = html.indexOf('<nav class="sidebar"');
  return html.slice(start, html.indexOf('</nav>', start)).split('menu__link').length - 1;
};

describe('a larger site', () => {
  it('does not make its pages heavier: the median page (gzip) within 1.2x, its sidebar within 2x the links', () => {
    const [small, large] = SIZES.map((n) => [...pages(out[n]).values()]);
    expect(large.length).toBeGreaterThan(small.length * 4);
    const weight = (all: string[]) => median(all.map((html) => gzipSync(html).length));
    expect(weight(large)).toBeLessThanOrEqual(weight(small) * 1.2);
    expect(Math.max(...large.map(sidebarLinks))).toBeLessThanOrEqual(Math.max(...small.map(sidebarLinks)) * 2);
  });

  it('lets a reader without JavaScript reach every page from /docs/ by its links', () => {
    const all = pages(out[200]);
    const key = (href: string) => (href.endsWith('/') ? href : `${href}/`).split('#')[0];
    const reached = new Set(['/docs/']);
    const queue = ['/docs/'];
    while (queue.length > 0) {
      const html = all.get(queue.shift()!) ?? '';
      for (const [, href] of html.matchAll(/<a [^>]*href="(\/docs\/[^"#]*)/g)) {
        if (!reached.has(key(href)) && all.has(key(href))) {
          reached.add(key(href));
          queue.push(key(href));
        }
      }
    }
    expect([...all.keys()].filter((route) => !reached.has(route))).toEqual([]);
  });

  it('shows part of a long sidebar list, and every page still reaches every other through the sidebar alone', () => {
    const all = pages(wide);
    expect(all.size).toBe(1 + WIDE + 2 * (2 * WIDE - 1));
    const sidebar = (html: string) => {
      const start = html.indexOf('<nav class="sidebar"');
      return html.slice(start, html.indexOf('</nav>', start));
    };
    const page = all.get('/docs/t7/s3/page/')!;
    // The sections around the open one, the rest behind `more` entries; likewise in the open section, whose entries lead to its generated index.
    expect(sidebar(page).match(/menu__more-link/g)).toHaveLength(2);
    expect(sidebar(page)).toContain('<a class="menu__link menu__more-link" href="/docs/t21/">16 more</a>');
    expect(sidebar(page)).toContain('<a class="menu__link menu__more-link" href="/docs/t7/">14 more<span class="sr-only"> in t7</span></a>');
    const key = (href: string) => (href.endsWith('/') ? href : `${href}/`);
    const reached = new Set(['/docs/t0/s0/page/']);
    const queue = [...reached];
    while (queue.length > 0) {
      for (const [, href] of sidebar(all.get(queue.shift()!) ?? '').matchAll(/<a [^>]*href="(\/docs\/[^"#]*)"/g)) {
        if (!reached.has(key(href)) && all.has(key(href))) (reached.add(key(href)), queue.push(key(href)));
      }
    }
    expect([...all.keys()].filter((route) => !reached.has(route))).toEqual([]);
    // The whole top level, for the browser, in one file every page names.
    const list = JSON.parse(readFileSync(path.join(wide, '_chunks', '_sidebars', 'defaultSidebar.json'), 'utf8'));
    expect(list.items).toHaveLength(WIDE + 1);
    expect(page).toContain('"file":"/_chunks/_sidebars/defaultSidebar.json"');
    expect(existsSync(path.join(out[200], '_chunks', '_sidebars'))).toBe(false);
  });
});
