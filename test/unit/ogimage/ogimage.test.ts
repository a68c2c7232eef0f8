import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cardBase, drawCard, type CardStyle } from '../../../generator/ogimage/card.ts';
import { cardFont, setLine } from '../../../generator/ogimage/font.ts';
import { BAND, titleLines } from '../../../generator/ogimage/layout.ts';
import { cardPathFor } from '../../../generator/ogimage/paths.ts';
import { adler32Combine, adler32Spans } from '../../../generator/ogimage/png.ts';
import { parseConfig } from '../../../generator/config/index.ts';
import { cardFiles } from '../../../generator/ogimage/index.ts';
import type { SiteContent } from '../../../generator/model.ts';
import { REPO, thrown } from '../../helpers.ts';
import { countColour, readIndexedPng } from './read-png.ts';

const zlibAdler = (data: Buffer) => deflateSync(data).readUInt32BE(deflateSync(data).length - 4);
const style: CardStyle = { background: '#102030', color: '#ffffff', accent: '#00d2ef', siteTitle: 'Site', address: 'docs.example.com' };

describe('the PNG checksums', () => {
  it('reads only the drawn spans of rows yet gives zlib\'s Adler-32', () => {
    const rows = Buffer.alloc(5 * 9);
    rows.fill(7, 9 + 2, 9 + 6);
    rows.fill(250, 3 * 9 + 1, 3 * 9 + 9);
    const first = Int32Array.from([9, 2, 9, 1, 9]);
    const last = Int32Array.from([-1, 5, -1, 8, -1]);
    expect(adler32Spans(rows, 9, first, last)).toBe(zlibAdler(rows));
  });

  it('combines two parts\' checksums as zlib does', () => {
    const a = Buffer.from('social cards '.repeat(999));
    const b = Buffer.alloc(70_000, 255);
    expect(adler32Combine(zlibAdler(a), zlibAdler(b), b.length)).toBe(zlibAdler(Buffer.concat([a, b])));
  });
});

describe('the card layout', () => {
  const { font } = cardFont();
  it('wraps a long title into lines that fit, smaller when it must, and cuts it with an ellipsis at the end', () => {
    const short = titleLines(font, 'Create a token', 1040);
    expect(short).toMatchObject({ lines: ['Create a token'], size: 68 });
    const long = titleLines(font, 'A title long enough to need more than three lines at the largest size of the card, so that it is set in the smaller size instead', 1040);
    expect(long.lines.length).toBe(4);
    expect(long.size).toBe(54);
    const endless = titleLines(font, 'word '.repeat(200), 1040);
    expect(endless.lines.at(-1)).toMatch(/…$/);
    for (const { lines, size } of [short, long, endless]) for (const line of lines) expect(setLine(font, line, size).width).toBeLessThanOrEqual(1040);
  });

  it('publishes each route\'s card under og/', () => {
    expect([cardPathFor('/'), cardPathFor('/docs/'), cardPathFor('/docs/api/tokens/')]).toEqual(['og/index.png', 'og/docs.png', 'og/docs/api/tokens.png']);
  });
});

describe('a card', () => {
  const font = cardFont();
  const logo = { bytes: readFileSync(path.join(REPO, 'content/static/img/logo-dark.svg')), type: 'image/svg+xml' };

  it('is a valid 1200×630 indexed PNG with the title in the text colour and the section in the accent', () => {
    const png = readIndexedPng(drawCard(cardBase({ ...style, logo }, font), font, 'Create a token', 'API reference › Tokens'));
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect(countColour(png, style.accent, BAND.top, BAND.top + BAND.sectionRows)).toBeGreaterThan(500);
    expect(countColour(png, style.color, BAND.top + BAND.sectionRows, BAND.bottom)).toBeGreaterThan(2000);
    expect(countColour(png, style.color, BAND.top, BAND.top + BAND.sectionRows)).toBe(0);
    // The logo's wordmark is text inside the SVG: it must be drawn (white) above the band.
    expect(countColour(png, '#ffffff', 0, BAND.top)).toBeGreaterThan(200);
  });

  it('is the same bytes for the same input, and differs with the title', () => {
    const base = cardBase(style, font);
    const a = drawCard(base, font, 'Tokens', undefined);
    expect(drawCard(cardBase(style, font), font, 'Tokens', undefined).equals(a)).toBe(true);
    expect(drawCard(base, font, 'Tokenz', undefined).equals(a)).toBe(false);
  });
});

describe('social card errors', () => {
  const content = (staticFiles: { path: string; contents: string }[]) => ({ docs: [], pages: [{ route: '/', meta: {} }], staticFiles, displayedSidebars: {}, sidebars: {} }) as unknown as SiteContent;
  const files = (socialCards: Record<string, unknown>, staticFiles: { path: string; contents: string }[] = []) => () =>
    thrown(() => cardFiles(content(staticFiles), parseConfig({ title: 'T', url: 'https://docs.example.com', socialCards: { enabled: true, ...socialCards } }).config));

  it('name the config key, what is wrong and what to write', () => {
    expect({
      missingLogo: files({ logo: '/img/logo.svg' })(),
      notAnImage: files({ logo: 'logo.gif' }, [{ path: 'logo.gif', contents: 'GIF89a' }])(),
      colour: files({ accent: 'teal' })(),
    }).toMatchInlineSnapshot(`
      {
        "colour": "error site.config.ts: socialCards.accent: must be a #rrggbb colour
        hint: fix the value and build again",
        "missingLogo": "error site.config.ts: socialCards.logo "/img/logo.svg" is not a file of content/static
        hint: name an SVG, PNG or JPEG file under content/static, e.g. "/img/logo.svg", or leave logo out to use the navbar logo",
        "notAnImage": "error site.config.ts: socialCards.logo "logo.gif" is not an SVG, PNG or JPEG image
        hint: name an SVG, PNG or JPEG file under content/static, e.g. "/img/logo.svg", or leave logo out to use the navbar logo",
      }
    `);
  });
});
