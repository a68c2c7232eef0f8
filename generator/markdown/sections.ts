import type { Root } from 'mdast';
import type { Node } from 'unist';

/**
 * Docs larger than this are parsed a section at a time. The parser's memory and time grow
 * faster than the document (its event list is edited in place, whole, for every table), so one
 * large file would cost gigabytes; sections of it cost what a normal page does.
 */
export const SECTION_PARSE_THRESHOLD = 256 * 1024;

const HEADING = /^#{1,6}(?:[ \t]|$)/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;
/** A reference or footnote definition: the parser resolves `[label]` against the whole doc. */
const DEFINITION = /^ {0,3}\[[^\]]+\]:/m;
/** HTML blocks that may hold blank lines (comments, `<pre>`, `<script>`…) and directive containers. */
const SPANNING = /^[ \t]*(?:<!--|<\?|<!\[CDATA\[|<(?:pre|script|style|textarea)(?:[\s>]|$)|:{3,})/i;

/**
 * Where the body can be cut with nothing open across the cut: before an ATX heading in column 1
 * that follows a blank line, outside any fence, and only in a doc where nothing else spans such a
 * point (no definitions, no multi-line HTML blocks or directive containers). Otherwise one piece.
 */
export function splitSections(body: string, threshold = SECTION_PARSE_THRESHOLD): { text: string; line: number; offset: number }[] {
  const whole = [{ text: body, line: 1, offset: 0 }];
  if (body.length < threshold || DEFINITION.test(body)) return whole;
  const cuts: number[] = [];
  let fence: string | undefined;
  let blank = true;
  let offset = 0;
  for (const line of body.split('\n')) {
    const mark = FENCE.exec(line)?.[1];
    if (fence) {
      if (mark && mark[0] === fence[0] && mark.length >= fence.length && line.trim() === mark) fence = undefined;
    } else if (mark) fence = mark;
    else if (SPANNING.test(line)) return whole;
    else if (blank && HEADING.test(line) && offset > 0) cuts.push(offset);
    blank = line.trim() === '';
    offset += line.length + 1;
  }
  if (fence) return whole;
  const pieces: { text: string; line: number; offset: number }[] = [];
  let line = 1;
  [0, ...cuts].forEach((start, i) => {
    const text = body.slice(start, cuts[i] ?? body.length);
    pieces.push({ text, line, offset: start });
    line += text.split('\n').length - 1;
  });
  return pieces;
}

/** Move a piece's positions to where the piece stands in the whole body. */
function shift(node: Node, lines: number, offset: number): void {
  const p = node.position;
  if (p) {
    p.start = { ...p.start, line: p.start.line + lines, offset: (p.start.offset ?? 0) + offset };
    p.end = { ...p.end, line: p.end.line + lines, offset: (p.end.offset ?? 0) + offset };
  }
  for (const child of (node as { children?: Node[] }).children ?? []) shift(child, lines, offset);
}

/**
 * Parse the body with `parse` (the processor's own parser) a section at a time, into one tree
 * equal to parsing it whole; pieces are dropped as they are parsed.
 */
export function parseSections(body: string, parse: (text: string) => Root, threshold = SECTION_PARSE_THRESHOLD): Root {
  const pieces = splitSections(body, threshold);
  if (pieces.length === 1) return parse(body);
  const root: Root = { type: 'root', children: [] };
  for (const piece of pieces) {
    const tree = parse(piece.text);
    shift(tree, piece.line - 1, piece.offset);
    root.children.push(...tree.children);
  }
  const lines = body.split('\n');
  root.position = { start: { line: 1, column: 1, offset: 0 }, end: { line: lines.length, column: lines.at(-1)!.length + 1, offset: body.length } };
  return root;
}
