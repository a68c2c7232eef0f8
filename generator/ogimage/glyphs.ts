import { Resvg } from './resvg.ts';
import type { Font, Glyph } from 'opentype.js';
import { outline } from './font.ts';

/**
 * Glyphs rasterized once per process and size, at quarter-pixel offsets, then copied into each
 * card: a card costs no SVG parse nor canvas, only the copies (see card.ts).
 */
export interface GlyphBitmap {
  /** Offset of the bitmap's top left from the pen position (left, whole px) and the baseline. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** Coverage in 64 levels, row by row. */
  coverage: Uint8Array;
}

export const PHASES = 4;

interface Cell {
  key: string;
  svg: string;
  width: number;
  height: number;
  left: number;
  top: number;
}

function bounds(glyph: Glyph): [number, number, number, number] {
  let [x0, y0, x1, y1] = [0, 0, 0, 0];
  for (const c of glyph.path.commands)
    for (const [x, y] of [[c.x, c.y], [c.x1, c.y1], [c.x2, c.y2]])
      if (x !== undefined && y !== undefined) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  return [x0, y0, x1, y1];
}

function cell(font: Font, glyph: Glyph, size: number, phase: number, key: string): Cell {
  const s = size / font.unitsPerEm;
  const [x0, y0, x1, y1] = bounds(glyph);
  const originX = 1 - Math.floor(x0 * s);
  const originY = 1 + Math.ceil(y1 * s);
  const width = Math.ceil(x1 * s) + originX + 2;
  const height = originY + Math.ceil(-y0 * s) + 2;
  const svg = `<path transform="translate(${originX + phase / PHASES} ${originY}) scale(${s} ${-s})" d="${outline(glyph)}"/>`;
  return { key, svg, width, height, left: -originX, top: -originY };
}

export class GlyphAtlas {
  private readonly bitmaps = new Map<string, GlyphBitmap>();

  constructor(private readonly font: Font) {}

  private static key(glyph: Glyph, size: number, phase: number): string {
    return `${glyph.index}:${size}:${phase}`;
  }

  get(glyph: Glyph, size: number, phase: number): GlyphBitmap {
    return this.bitmaps.get(GlyphAtlas.key(glyph, size, phase))!;
  }

  /** Rasterizes the glyphs not met before, all in one resvg call, stacked top to bottom. */
  prepare(wanted: { glyph: Glyph; size: number; phase: number }[]): void {
    const cells = new Map<string, Cell>();
    for (const { glyph, size, phase } of wanted) {
      const key = GlyphAtlas.key(glyph, size, phase);
      if (!this.bitmaps.has(key) && !cells.has(key)) cells.set(key, cell(this.font, glyph, size, phase, key));
    }
    if (cells.size === 0) return;
    const width = Math.max(...[...cells.values()].map((c) => c.width));
    let y = 0;
    const parts = [...cells.values()].map((c) => {
      const at = y;
      y += c.height;
      return { c, at, svg: `<g transform="translate(0 ${at})">${c.svg}</g>` };
    });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}"><g fill="#fff">${parts.map((p) => p.svg).join('')}</g></svg>`;
    const pixels = Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
    for (const { c, at } of parts) {
      const coverage = new Uint8Array(c.width * c.height);
      for (let row = 0; row < c.height; row++)
        for (let x = 0; x < c.width; x++) coverage[row * c.width + x] = pixels[((at + row) * width + x) * 4 + 3] >> 2;
      this.bitmaps.set(c.key, { left: c.left, top: c.top, width: c.width, height: c.height, coverage });
    }
  }
}
