import type { Font, Glyph } from 'opentype.js';
import { setLine } from './font.ts';
import { CARD_SIZE } from './paths.ts';

/** The card's geometry, in px of the 1200×630 image Open Graph readers expect. */
export const CARD = { ...CARD_SIZE, padding: 80 } as const;

/**
 * The only rows that differ between cards: the section label and the title. Everything above
 * (logo) and below (site address, bar) is drawn and compressed once per build (see png.ts).
 */
export const BAND = { top: 176, bottom: 530, sectionRows: 56 } as const;

const SECTION = { size: 30, baseline: 38, maxWidth: CARD.width - 2 * CARD.padding };
/** Title sizes tried in turn until the title fits in its lines. */
const TITLE_FITS = [
  { size: 68, lineHeight: 80, lines: 3 },
  { size: 54, lineHeight: 64, lines: 4 },
] as const;

/** Words into lines no wider than `max`; a word wider than a line is put on its own. */
function wrap(font: Font, text: string, size: number, max: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const tried = current ? `${current} ${word}` : word;
    if (current && setLine(font, tried, size).width > max) {
      lines.push(current);
      current = word;
    } else current = tried;
  }
  if (current) lines.push(current);
  return lines;
}

/** The text cut at a word (or character) and ended with "…" so that it fits in `max`. */
export function ellipsize(font: Font, text: string, size: number, max: number): string {
  if (setLine(font, text, size).width <= max) return text;
  let cut = text;
  while (cut.length > 1 && setLine(font, `${cut}…`, size).width > max) cut = cut.slice(0, cut.includes(' ') ? cut.lastIndexOf(' ') : -1).trimEnd();
  return `${cut}…`;
}

/** The title's lines and size: the largest size at which it fits, else the smallest, cut. */
export function titleLines(font: Font, title: string, max = CARD.width - 2 * CARD.padding): { lines: string[]; size: number; lineHeight: number } {
  for (const fit of TITLE_FITS) {
    const lines = wrap(font, title, fit.size, max);
    if (lines.length <= fit.lines && lines.every((l) => setLine(font, l, fit.size).width <= max)) return { lines, size: fit.size, lineHeight: fit.lineHeight };
  }
  const last = TITLE_FITS[TITLE_FITS.length - 1];
  const lines = wrap(font, title, last.size, max).slice(0, last.lines);
  const rest = title.slice(title.indexOf(lines[lines.length - 1]));
  lines[lines.length - 1] = ellipsize(font, rest, last.size, max);
  return { lines: lines.map((l) => ellipsize(font, l, last.size, max)), size: last.size, lineHeight: last.lineHeight };
}

/** A glyph of a card's band: its pen position (px from the band's left, baseline row) and size. */
export interface PlacedGlyph {
  glyph: Glyph;
  size: number;
  x: number;
  baseline: number;
  /** The section label, drawn in the accent colour. */
  accent: boolean;
}

function place(font: Font, text: string, size: number, baseline: number, accent: boolean): PlacedGlyph[] {
  const scale = size / font.unitsPerEm;
  return setLine(font, text, size).glyphs.map(({ glyph, x }) => ({ glyph, size, x: x * scale, baseline, accent }));
}

/** The section label above the title (both optional to the eye: a card may have no section). */
export function bandText(font: Font, title: string, section: string | undefined): PlacedGlyph[] {
  const width = CARD.width - 2 * CARD.padding;
  const placed = section ? place(font, ellipsize(font, section, SECTION.size, SECTION.maxWidth), SECTION.size, SECTION.baseline, true) : [];
  const { lines, size, lineHeight } = titleLines(font, title, width);
  lines.forEach((text, i) => placed.push(...place(font, text, size, BAND.sectionRows + size + i * lineHeight, false)));
  return placed;
}
