import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type { Font, Glyph, PathCommand } from 'opentype.js';

/** The cards' one typeface, from npm (no file outside the project): Inter Bold, Latin subset. */
const FONT_FILE = '@fontsource/inter/files/inter-latin-700-normal.woff';

/**
 * A WOFF 1.0 file as the OpenType file it wraps: resvg reads only the latter, and fontsource
 * ships only web formats. Each table is zlib-compressed on its own, so this is a table copy.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    return { tag: woff.readUInt32BE(at), offset: woff.readUInt32BE(at + 4), length: woff.readUInt32BE(at + 8), size: woff.readUInt32BE(at + 12), sum: woff.readUInt32BE(at + 16) };
  });
  const padded = (n: number) => (n + 3) & ~3;
  const out = Buffer.alloc(12 + 16 * count + tables.reduce((sum, t) => sum + padded(t.size), 0));
  const power = 2 ** Math.floor(Math.log2(count));
  out.writeUInt32BE(woff.readUInt32BE(4), 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = 12 + 16 * count;
  tables.forEach((t, i) => {
    const stored = woff.subarray(t.offset, t.offset + t.length);
    const data = t.length < t.size ? inflateSync(stored) : stored;
    out.writeUInt32BE(t.tag, 12 + i * 16);
    out.writeUInt32BE(t.sum, 16 + i * 16);
    out.writeUInt32BE(offset, 20 + i * 16);
    out.writeUInt32BE(t.size, 24 + i * 16);
    data.copy(out, offset);
    offset += padded(t.size);
  });
  return out;
}

export interface CardFont {
  /** The OpenType bytes, for resvg (the logo's own text). */
  sfnt: Buffer;
  font: Font;
  /** What identifies the font in a card's cache key. */
  id: string;
}

let loaded: CardFont | undefined;

/**
 * Read and parsed once per process, and only when a card has to be drawn. opentype.js is
 * required here from node_modules, not bundled: a bundled copy is compiled and run by every
 * build, with or without cards.
 */
export function cardFont(): CardFont {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const { parse } = require('opentype.js') as typeof import('opentype.js');
  const file = require.resolve(FONT_FILE);
  const version = (JSON.parse(readFileSync(require.resolve('@fontsource/inter/package.json'), 'utf8')) as { version: string }).version;
  const sfnt = woffToSfnt(readFileSync(file));
  const font = parse(sfnt.buffer.slice(sfnt.byteOffset, sfnt.byteOffset + sfnt.byteLength) as ArrayBuffer);
  return (loaded = { sfnt, font, id: `${FONT_FILE}@${version}` });
}

/** A line of text set in the font: its glyphs placed in font units, and its width at `size` px. */
export interface SetLine {
  glyphs: { glyph: Glyph; x: number }[];
  width: number;
}

/** Glyphs by character and kerning by pair, looked up once: opentype.js walks its tables on every call. */
const glyphsOf = new WeakMap<Font, Map<string, Glyph>>();
const kerningOf = new WeakMap<Font, Map<number, number>>();

function glyphOf(font: Font, char: string): Glyph {
  let map = glyphsOf.get(font);
  if (!map) glyphsOf.set(font, (map = new Map()));
  let glyph = map.get(char);
  if (!glyph) map.set(char, (glyph = font.charToGlyph(char)));
  return glyph;
}

function kerning(font: Font, left: Glyph, right: Glyph): number {
  let map = kerningOf.get(font);
  if (!map) kerningOf.set(font, (map = new Map()));
  const pair = left.index * 65536 + right.index;
  let value = map.get(pair);
  if (value === undefined) map.set(pair, (value = font.getKerningValue(left, right)));
  return value;
}

export function setLine(font: Font, text: string, size: number): SetLine {
  const glyphs: SetLine['glyphs'] = [];
  let x = 0;
  let previous: Glyph | undefined;
  for (const char of text) {
    const glyph = glyphOf(font, char);
    if (previous) x += kerning(font, previous, glyph);
    glyphs.push({ glyph, x });
    x += glyph.advanceWidth ?? 0;
    previous = glyph;
  }
  return { glyphs, width: (x * size) / font.unitsPerEm };
}

/** A glyph's outline as SVG path data in font units (y up), made once per glyph. */
const outlines = new WeakMap<Glyph, string>();
export function outline(glyph: Glyph): string {
  let d = outlines.get(glyph);
  if (d === undefined) outlines.set(glyph, (d = glyph.path.commands.map(command).join('')));
  return d;
}

function command(c: PathCommand): string {
  if (c.type === 'Z') return 'Z';
  const end = `${c.x} ${c.y}`;
  if (c.type === 'Q') return `Q${c.x1} ${c.y1} ${end}`;
  if (c.type === 'C') return `C${c.x1} ${c.y1} ${c.x2} ${c.y2} ${end}`;
  return `${c.type}${end}`;
}
