import type { LineToken } from './tokenize.ts';
import type { Annotations, LineMark } from './notation.ts';

/** A piece of a token, inside a marked word or not. */
export interface Segment {
  token: LineToken;
  word: boolean;
}

/** Where the words occur in a line's text, as [start, end) ranges, left to right, not overlapping. */
export function wordRanges(text: string, words: string[]): [number, number][] {
  const found: [number, number][] = [];
  for (const word of words) {
    if (!word) continue;
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length)) found.push([at, at + word.length]);
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const ranges: [number, number][] = [];
  for (const r of found) if (!ranges.length || r[0] >= ranges[ranges.length - 1][1]) ranges.push(r);
  return ranges;
}

/** A line's tokens cut where marked words begin and end (a word may span several tokens). */
export function splitAtWords(tokens: LineToken[], words: string[]): Segment[] {
  const ranges = wordRanges(tokens.map((t) => t.content).join(''), words);
  if (!ranges.length) return tokens.map((token) => ({ token, word: false }));
  const cuts = ranges.flat();
  const segments: Segment[] = [];
  let offset = 0;
  for (const token of tokens) {
    const end = offset + token.content.length;
    let from = offset;
    for (const cut of [...cuts.filter((c) => c > offset && c < end), end]) {
      const inWord = ranges.some(([a, b]) => from >= a && from < b);
      segments.push({ token: { ...token, content: token.content.slice(from - offset, cut - offset) }, word: inWord });
      from = cut;
    }
    offset = end;
  }
  return segments;
}

/** What the notations say about each line: its marks and the words to mark on it. */
export interface LineNotes {
  marks: Map<number, Set<LineMark>>;
  words: Map<number, string[]>;
  /** Some line is focused: the others are blurred until the reader points at or focuses the block. */
  focus: boolean;
}

export function lineNotes(annotations: Annotations | undefined): LineNotes | undefined {
  if (!annotations) return undefined;
  const marks = new Map<number, Set<LineMark>>();
  for (const [mark, lines] of Object.entries(annotations.lines) as [LineMark, number[]][]) {
    for (const line of lines) {
      if (!marks.has(line)) marks.set(line, new Set());
      marks.get(line)!.add(mark);
    }
  }
  const words = new Map<number, string[]>();
  for (const { text, lines } of annotations.words) for (const line of lines) words.set(line, [...(words.get(line) ?? []), text]);
  return { marks, words, focus: (annotations.lines.focus?.length ?? 0) > 0 };
}

/**
 * A line's attributes, and its mark: an empty span whose generated text (theme/styles/code.css)
 * shows `+`/`−` or the level, with alternative text for screen readers, so a diff reads without
 * colour and the copied code (the lines' text) holds no mark.
 */
export function lineDecoration(marks: Set<LineMark> | undefined): { attrs: string; mark: string } {
  if (!marks) return { attrs: '', mark: '' };
  let attrs = '';
  const diff = marks.has('add') ? 'add' : marks.has('remove') ? 'remove' : undefined;
  const level = marks.has('error') ? 'error' : marks.has('warning') ? 'warning' : undefined;
  if (diff) attrs += ` data-diff="${diff}"`;
  if (level) attrs += ` data-level="${level}"`;
  if (marks.has('focus')) attrs += ' data-focused=""';
  const shown = diff ?? level;
  return { attrs, mark: shown ? `<span class="code-mark" data-mark="${shown}"></span>` : '' };
}
