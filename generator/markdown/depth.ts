import { MarkdownError } from '../errors.ts';

/**
 * Block quotes and list items nested deeper than this fail the doc. The parser's time grows
 * faster than the depth (lists a few hundred deep take seconds, a few thousand overflow the
 * stack), while real documentation stays under ten.
 */
export const MAX_NESTING = 100;

/** A `>` or a list marker (bullet, or ordinal with `.`/`)`), after spaces; sticky. */
const CONTAINER = /([ \t]*)(>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$))/y;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTES = /^(?: {0,3}> ?)*/;

/** Spaces and tabs at the start of `text` as columns (a tab goes to the next multiple of 4). */
function indentOf(text: string): { width: number; length: number } {
  let width = 0;
  let length = 0;
  for (; length < text.length; length++) {
    if (text[length] === ' ') width++;
    else if (text[length] === '\t') width += 4 - (width % 4);
    else break;
  }
  return { width, length };
}

interface Container {
  /** Column (0-based) of the marker. */
  column: number;
  /** Column where its content starts: what a nested list item must be indented to. */
  content: number;
  quote: boolean;
}

/** Columns `text` takes from `from` to `to` (a tab goes to the next multiple of 4). */
function widthOf(text: string, from: number, to: number, column: number): number {
  let c = column;
  for (let i = from; i < to; i++) c = text[i] === '\t' ? c + 4 - (c % 4) : c + 1;
  return c;
}

/**
 * The containers one line opens, `>` markers and list markers in order, and the text after them.
 * A marker counts when it sits less than four columns past the content of what holds it (an
 * item still open, or the marker before it on the line); further in, it is code or text. At most
 * `limit` are read: a line of a million `>` costs no more than one of a hundred.
 */
function containersOf(line: string, open: number[], limit: number): { found: Container[]; rest: string } {
  const found: Container[] = [];
  let pos = 0;
  let column = 0;
  let base = 0;
  if (THEMATIC_BREAK.test(line)) return { found, rest: line };
  for (CONTAINER.lastIndex = 0; found.length < limit; CONTAINER.lastIndex = pos) {
    const m = CONTAINER.exec(line);
    if (!m) break;
    const at = widthOf(line, pos, pos + m[1].length, column);
    const holder = Math.max(base, ...open.filter((c) => c <= at).slice(-1));
    if (at - holder >= 4) break;
    const quote = m[2] === '>';
    const after = pos + m[0].length;
    const gap = indentOf(line.slice(after, after + 8));
    // A quote's marker takes one space; a list item's up to four (more starts indented code).
    const taken = quote ? Math.min(gap.width, 1) : gap.width <= 4 ? gap.width : 1;
    const content = at + m[2].length + Math.max(taken, quote ? 0 : 1);
    found.push({ column: at, content, quote });
    column = at + m[2].length + taken;
    base = content;
    pos = after + (quote ? Math.min(gap.length, 1) : gap.width <= 4 ? gap.length : 1);
  }
  return { found, rest: line.slice(pos) };
}

/** What a fenced code block needs of a line to hold it: the `>` count and indent it opened at. */
interface Fence {
  char: string;
  length: number;
  quotes: number;
  indent: number;
}

/** A line of an open fence: undefined once the fence closes or its container ends (then the line is read as usual). */
function inFence(line: string, fence: Fence): Fence | undefined | 'left' {
  const prefix = QUOTES.exec(line)![0];
  const inside = line.slice(prefix.length);
  if ((prefix.match(/>/g) ?? []).length < fence.quotes || indentOf(inside).width < fence.indent) return 'left';
  const close = /^(`{3,}|~{3,})[ \t]*$/.exec(inside.trim())?.[1];
  return close && close[0] === fence.char && close.length >= fence.length ? undefined : fence;
}

function nestingError(file: string, line: number, column: number): MarkdownError {
  return new MarkdownError(
    `lists and block quotes nested more than ${MAX_NESTING} levels deep`,
    { file, line, column: column + 1 },
    'flatten the nesting: split the list or quote, or show a deep structure in a code block',
  );
}

/**
 * Fail a doc whose lists or block quotes nest deeper than MAX_NESTING, before it is parsed. A
 * line scan, not a parse: the list items still open are kept by the column their content starts
 * at (a list marker left of it, or any line after a blank one, closes it); `>` markers count on
 * their own line; fenced code is skipped until it closes or its container ends. It may count a
 * level more than the parser in odd layouts, not fewer, and stays linear on any input.
 */
export function checkNesting(body: string, file: string, bodyLine: number): void {
  const open: number[] = [];
  let fence: Fence | undefined;
  let blankBefore = true;
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const indent = indentOf(line);
    if (indent.length === line.length) {
      blankBefore = true;
      continue;
    }
    if (fence) {
      const next = inFence(line, fence);
      if (next !== 'left') {
        fence = next;
        continue;
      }
      fence = undefined;
    }
    const { found, rest } = containersOf(line, open, MAX_NESTING + 1);
    if (blankBefore && !found.some((c) => !c.quote)) {
      const text = found.at(-1)?.content ?? indent.width;
      while (open.length && open.at(-1)! > text) open.pop();
    }
    let quotes = 0;
    for (const c of found) {
      if (c.quote) quotes++;
      else {
        while (open.length && open.at(-1)! > c.column) open.pop();
        open.push(c.content);
      }
      if (quotes + open.length > MAX_NESTING) throw nestingError(file, bodyLine + i, c.column);
    }
    const mark = FENCE.exec(rest)?.[1];
    if (mark) {
      // A fence is never a lazy continuation: items its marker sits left of are closed.
      if (!found.length) while (open.length && open.at(-1)! > indent.width) open.pop();
      const prefix = QUOTES.exec(line)![0].length;
      fence = { char: mark[0], length: mark.length, quotes, indent: Math.max(0, (open.at(-1) ?? 0) - prefix) };
    }
    blankBefore = false;
  }
}
