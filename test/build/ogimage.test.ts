import { linkSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read } from '../helpers.ts';
import { countColour, readIndexedPng } from '../unit/ogimage/read-png.ts';

/** The features fixture built with the real CLI: each page's social card, its meta tags, and the cache. */
let site: string;
let out: string;
let first: Awaited<ReturnType<typeof docgen>>;
const cacheDir = () => path.join(site, 'node_modules', '.cache', 'docgen', 'og');
const cacheState = () => Object.fromEntries(readdirSync(cacheDir()).map((f) => [f, statSync(path.join(cacheDir(), f)).mtimeMs]));
const card = (file: string) => readFileSync(path.join(out, file));

beforeAll(async () => {
  site = copyFixture('features');
  out = path.join(site, 'build');
  first = await docgen(site, ['build', '--strict', '--verbose']);
}, 120_000);

describe('social cards', () => {
  it('are valid 1200×630 PNGs, one per page, drawn in the configured colours', () => {
    expect(first.code, first.stderr).toBe(0);
    for (const file of ['og/index.png', 'og/docs.png', 'og/docs/ogimage.png']) {
      const png = readIndexedPng(card(file));
      expect([png.width, png.height]).toEqual([1200, 630]);
      expect(countColour(png, '#fdfcff')).toBeGreaterThan(2000);
      expect(countColour(png, '#1b1430')).toBeGreaterThan(400_000);
    }
    // The docs have a section (the sidebar's label), drawn in the accent colour; the page module has none.
    expect(countColour(readIndexedPng(card('og/docs/ogimage.png')), '#f5a623', 176, 232)).toBeGreaterThan(300);
    expect(countColour(readIndexedPng(card('og/index.png')), '#f5a623', 176, 232)).toBe(0);
  });

  it('are named by each page\'s og:image and twitter:image, with size and text alternative', () => {
    const html = read(out, 'docs/ogimage/index.html');
    const url = 'https://docs.features.example/og/docs/ogimage.png';
    expect(html).toContain(`<meta property="og:image" content="${url}">`);
    expect(html).toContain('<meta property="og:image:width" content="1200">\n<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta property="og:image:alt" content="Social cards for every page, drawn at build time from the title and the section · Docs · Features">');
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image">\n<meta name="twitter:image" content="${url}">`);
    expect(read(out, 'index.html')).toContain('<meta property="og:image" content="https://docs.features.example/og/index.png">');
    expect(JSON.parse(read(out, '_chunks/docs/ogimage.json')).image).toEqual({ src: '/og/docs/ogimage.png', alt: expect.stringContaining('Social cards') });
  });

  it('are reused: linked by a warm build, read from the cache without the output, drawn again only when their title changes', async () => {
    const drawn = cacheState();
    // One card drawn per page of the fixture (its other pages belong to other features).
    const pages = readdirSync(out, { recursive: true }).filter((f) => String(f).endsWith('.png') && String(f).startsWith('og')).length;
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(Object.keys(drawn)).toHaveLength(pages);
    const bytes = card('og/docs/ogimage.png');
    // The previous output is removed in the background after the swap: a link of our own keeps its card's inode to compare with.
    const kept = path.join(site, 'kept-card.png');
    linkSync(path.join(out, 'og/docs/ogimage.png'), kept);
    const warm = await docgen(site, ['build', '--strict', '--verbose']);
    expect(warm.stderr).toMatch(/reused [1-9]\d* files of the previous build/);
    expect(statSync(path.join(out, 'og/docs/ogimage.png')).ino).toBe(statSync(kept).ino);
    rmSync(out, { recursive: true });
    expect((await docgen(site, ['build', '--strict'])).code).toBe(0);
    expect(cacheState()).toEqual(drawn);
    expect(card('og/docs/ogimage.png').equals(bytes)).toBe(true);
    const doc = path.join(site, 'content/docs/ogimage.md');
    writeFileSync(doc, readFileSync(doc, 'utf8').replace('title: Social cards for every page', 'title: Social cards'));
    expect((await docgen(site, ['build', '--strict'])).code).toBe(0);
    const after = cacheState();
    expect(Object.keys(after)).toHaveLength(pages + 1);
    expect(Object.entries(after).filter(([f, t]) => drawn[f] !== t)).toHaveLength(1);
    expect(card('og/docs/ogimage.png').equals(bytes)).toBe(false);
  }, 180_000);

  it('are left out when socialCards.enabled is false, and the page then names the small card', async () => {
    const config = path.join(site, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('socialCards: { enabled: true, logo:', 'socialCards: { enabled: false, logo:'));
    expect((await docgen(site, ['build', '--strict'])).code).toBe(0);
    const html = read(out, 'docs/ogimage/index.html');
    expect(html).not.toContain('<meta property="og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(() => statSync(path.join(out, 'og'))).toThrow();
  }, 120_000);
});
