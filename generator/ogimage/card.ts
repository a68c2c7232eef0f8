import { Resvg } from './resvg.ts';
import { escapeHtml } from '../render/head.ts';
import type { CardFont } from './font.ts';
import { GlyphAtlas, PHASES, type GlyphBitmap } from './glyphs.ts';
import { BAND, CARD, bandText, type PlacedGlyph } from './layout.ts';
import { adler32Spans, deflateRows, indexedPng, type Rows } from './png.ts';

/** What every card of a site shares. Colours are `#rrggbb`. */
export interface CardStyle {
  background: string;
  color: string;
  accent: string;
  /** The logo drawn at the top left, else the site title written there. */
  logo?: { bytes: Buffer; type: string };
  siteTitle: string;
  /** The site's address, written at the bottom. */
  address: string;
}

/** The palette and the rows above and below the band, compressed: made once per build. */
export interface CardBase {
  palette: Buffer;
  top: Rows;
  bottom: Rows;
}

/** Palette entries 0–63 blend the background into the text colour, 64–127 into the accent: a band pixel's coverage picks one. */
const RAMP = 64;
const ROW = CARD.width + 1;

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [n >> 16, (n >> 8) & 0xff, n & 0xff];
}

const LOGO_BOX = `x="${CARD.padding}" y="64" width="${CARD.width - 2 * CARD.padding}" height="64" preserveAspectRatio="xMinYMid meet"`;

/**
 * An SVG logo goes in as a nested `<svg>` (its size replaced by the logo's box), not as an
 * `<image>`: resvg renders an image's text without the fonts it was given, so a wordmark set
 * in text would vanish.
 */
function logoSvg(logo: NonNullable<CardStyle['logo']>): string {
  if (logo.type !== 'image/svg+xml') return `<image ${LOGO_BOX} href="data:${logo.type};base64,${logo.bytes.toString('base64')}"/>`;
  const source = logo.bytes.toString('utf8').replace(/<\?xml[^>]*>|<!DOCTYPE[^>]*>/g, '');
  return source.replace(/<svg\b[^>]*>/, (tag) => tag.replace(/\s(width|height|x|y|preserveAspectRatio)="[^"]*"/g, '').replace(/^<svg/, `<svg ${LOGO_BOX}`));
}

/** Rows of the fixed parts: the band's are left out, the address and bar moved up to follow the logo's. */
const FIXED = { top: BAND.top, bottom: CARD.height - BAND.bottom, shift: BAND.bottom - BAND.top };

function baseSvg(style: CardStyle): string {
  const { width, height, padding } = CARD;
  const top = style.logo
    ? logoSvg(style.logo)
    : `<text x="${padding}" y="112" font-size="40" fill="${style.color}">${escapeHtml(style.siteTitle)}</text>`;
  const bottom = `<text x="${padding}" y="588" font-size="28" fill="${style.color}" fill-opacity="0.7">${escapeHtml(style.address)}</text><rect y="${height - 12}" width="${width}" height="12" fill="${style.accent}"/>`;
  const rows = FIXED.top + FIXED.bottom;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${rows}"><rect width="${width}" height="${rows}" fill="${style.background}"/><svg width="${width}" height="${FIXED.top}">${top}</svg><g transform="translate(0 ${-FIXED.shift})">${bottom}</g></svg>`;
}

function ramps(style: CardStyle): Buffer {
  const palette = Buffer.alloc(768);
  const bg = rgb(style.background);
  [rgb(style.color), rgb(style.accent)].forEach((to, r) => {
    for (let k = 0; k < RAMP; k++) for (let c = 0; c < 3; c++) palette[(r * RAMP + k) * 3 + c] = Math.round(bg[c] + ((to[c] - bg[c]) * k) / (RAMP - 1));
  });
  return palette;
}

/**
 * The fixed rows as palette indexes: their most frequent colours take the free entries, any
 * other colour (a logo's anti-aliased edge) the nearest entry.
 */
function quantize(pixels: Buffer, rows: [number, number][], palette: Buffer): Buffer[] {
  const colour = (i: number) => (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
  const counts = new Map<number, number>();
  // Pixels come in long runs of one colour: a run is counted, and later mapped, with one lookup.
  for (const [from, to] of rows) {
    let run = -1;
    let length = 0;
    for (let i = from * CARD.width * 4; i < to * CARD.width * 4; i += 4) {
      const c = colour(i);
      if (c === run) length++;
      else {
        if (length) counts.set(run, (counts.get(run) ?? 0) + length);
        [run, length] = [c, 1];
      }
    }
    counts.set(run, (counts.get(run) ?? 0) + length);
  }
  const free = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 256 - 2 * RAMP);
  free.forEach(([c], k) => palette.writeUIntBE(c, (2 * RAMP + k) * 3, 3));
  const nearest = nearestEntries(palette, 2 * RAMP + free.length, counts.keys());
  return rows.map(([from, to]) => {
    const out = Buffer.alloc((to - from) * ROW);
    let run = -1;
    let index = 0;
    for (let y = from; y < to; y++)
      for (let x = 0; x < CARD.width; x++) {
        const c = colour((y * CARD.width + x) * 4);
        if (c !== run) [run, index] = [c, nearest.get(c)!];
        out[(y - from) * ROW + 1 + x] = index;
      }
    return out;
  });
}

function nearestEntries(palette: Buffer, entries: number, colours: Iterable<number>): Map<number, number> {
  const nearest = new Map<number, number>();
  for (const c of colours) {
    let best = 0;
    let bestDistance = Infinity;
    for (let k = 0; k < entries; k++) {
      const d = ((c >> 16) - palette[k * 3]) ** 2 + (((c >> 8) & 0xff) - palette[k * 3 + 1]) ** 2 + ((c & 0xff) - palette[k * 3 + 2]) ** 2;
      if (d < bestDistance) [best, bestDistance] = [k, d];
    }
    nearest.set(c, best);
  }
  return nearest;
}

export function cardBase(style: CardStyle, font: CardFont): CardBase {
  const options = { font: { fontBuffers: [font.sfnt], loadSystemFonts: false, defaultFontFamily: 'Inter' } };
  const pixels = Resvg(baseSvg(style), options).render().pixels;
  const palette = ramps(style);
  const [top, bottom] = quantize(pixels, [[0, FIXED.top], [FIXED.top, FIXED.top + FIXED.bottom]], palette);
  return { palette, top: fixedRows(top), bottom: fixedRows(bottom) };
}

function fixedRows(rows: Buffer): Rows {
  const count = rows.length / ROW;
  return deflateRows(rows, adler32Spans(rows, ROW, new Int32Array(count), new Int32Array(count).fill(ROW - 1)));
}

const BAND_WIDTH = CARD.width - 2 * CARD.padding;
const BAND_HEIGHT = BAND.bottom - BAND.top;

/** Rows of zeros (the background), compressed once per count: what follows a card's last line. */
const blankRows = new Map<number, Rows>();
function blank(count: number): Rows {
  let rows = blankRows.get(count);
  if (!rows) blankRows.set(count, (rows = deflateRows(Buffer.alloc(count * ROW), ((count * ROW) % 65521) * 65536 + 1)));
  return rows;
}

const bottomOf = (bitmap: GlyphBitmap) => bitmap.top + bitmap.height;

/**
 * The band's rows: each glyph's coverage added (saturating) into its colour's ramp, and each
 * row's drawn span kept for the checksum. Only the rows down to the last drawn one are
 * compressed; blank ones follow.
 */
function drawBand(atlas: GlyphAtlas, placed: PlacedGlyph[]): Rows[] {
  const at = placed.map((p) => ({ ...p, pen: Math.floor(p.x), phase: Math.floor((p.x - Math.floor(p.x)) * PHASES) }));
  atlas.prepare(at);
  const end = Math.min(BAND_HEIGHT, Math.max(0, ...at.map((p) => p.baseline + bottomOf(atlas.get(p.glyph, p.size, p.phase)))));
  const rows = Buffer.alloc(end * ROW);
  const first = new Int32Array(end).fill(ROW);
  const last = new Int32Array(end).fill(-1);
  for (const { glyph, size, pen, phase, baseline, accent } of at) {
    const { left, top, width, height, coverage } = atlas.get(glyph, size, phase);
    const ramp = accent ? RAMP : 0;
    const x0 = Math.max(0, -(pen + left));
    const x1 = Math.min(width, BAND_WIDTH - pen - left);
    const offset = 1 + CARD.padding + pen + left;
    for (let y = Math.max(0, -(baseline + top)); y < height && baseline + top + y < end; y++) {
      const row = baseline + top + y;
      for (let x = x0, i = row * ROW + offset + x0; x < x1; x++, i++) {
        const c = coverage[y * width + x];
        if (c) rows[i] = ramp + Math.min(RAMP - 1, (rows[i] & (RAMP - 1)) + c);
      }
      first[row] = Math.min(first[row], offset + x0);
      last[row] = Math.max(last[row], offset + x1 - 1);
    }
  }
  return [deflateRows(rows, adler32Spans(rows, ROW, first, last)), blank(BAND_HEIGHT - end)];
}

/** One card: the band's glyphs copied from the atlas, between the base's rows. */
export function drawCard(base: CardBase, font: CardFont, title: string, section: string | undefined): Buffer {
  const band = drawBand(atlasOf(font), bandText(font.font, title, section));
  return indexedPng(CARD.width, CARD.height, base.palette, [base.top, ...band, base.bottom]);
}

const atlases = new WeakMap<CardFont, GlyphAtlas>();
function atlasOf(font: CardFont): GlyphAtlas {
  let atlas = atlases.get(font);
  if (!atlas) atlases.set(font, (atlas = new GlyphAtlas(font.font)));
  return atlas;
}
