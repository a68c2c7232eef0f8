import type { Code, Root } from 'mdast';
import type { Node } from 'unist';
import { walk } from './walk.ts';

/** A fence's opening line in column 1: the only fences whose content is left out. */
const OPENER = /^(`{3,}|~{3,})(.*)$/;
/** A fence opening or closing with up to three spaces before it: tracked, so that what is inside one is never taken for an opener. */
const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/** A container directive's fence: its content stays, as whether it closes the container is the directive's business. */
const DIRECTIVE = /^ {0,3}:{3,}/;

/** A fence's opening and closing lines (0-based) and the content between them, left out of the parse. */
interface Blanked {
  open: number;
  close: number;
  value: string;
}

/** Whether a line closes the fence. It takes any white space after the marks, where the parser takes spaces and tabs only: a fence closed here that the parser keeps open is caught after the parse. */
const closes = (line: string, fence: string) => {
  const m = FENCE_LINE.exec(line);
  return !!m && m[1][0] === fence[0] && m[1].length >= fence.length && m[2].trim() === '';
};

/** Whether a fence line opens a fence: a backtick fence's info string holds no backtick. */
const opens = (mark: string, info: string) => mark[0] === '~' || !info.includes('`');

/**
 * The fenced code blocks opened in column 1 whose content can be left out of the parse: closed,
 * and with no line a container directive could take for its own. The other fences (indented,
 * in containers) are followed only to know what is inside them.
 */
export function blankableFences(lines: string[]): Blanked[] {
  const found: Blanked[] = [];
  let fence: { mark: string; open: number; column1: boolean } | undefined;
  let directive = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      if (closes(line, fence.mark)) {
        if (fence.column1 && !directive && i > fence.open + 1) found.push({ open: fence.open, close: i, value: lines.slice(fence.open + 1, i).join('\n') });
        fence = undefined;
      } else if (DIRECTIVE.test(line)) directive = true;
      continue;
    }
    const m = FENCE_LINE.exec(line);
    if (m && opens(m[1], m[2])) {
      fence = { mark: m[1], open: i, column1: OPENER.test(line) };
      directive = false;
    }
  }
  return found;
}

/** Move every offset of the tree from the blanked text to the text it stands for. */
function restoreOffsets(node: Node, removedBefore: number[]): void {
  const p = node.position;
  if (p) {
    p.start = { ...p.start, offset: (p.start.offset ?? 0) + removedBefore[p.start.line - 1] };
    p.end = { ...p.end, offset: (p.end.offset ?? 0) + removedBefore[p.end.line - 1] };
  }
  for (const child of (node as { children?: Node[] }).children ?? []) restoreOffsets(child, removedBefore);
}

/** The fenced code nodes of the tree by their first line. */
function codeByLine(tree: Root): Map<number, Code> {
  const found = new Map<number, Code>();
  walk<Code>(tree, 'code', (code) => {
    if (code.position) found.set(code.position.start.line, code);
  });
  return found;
}

/**
 * Parse `text` with `parse` as it is, but with the content lines of its fenced code blocks left
 * empty: the parser goes through a code block's text character by character, and code is a third
 * of a docs page. The blocks' values and every offset are put back, so the tree is the one the
 * whole text gives. Each left-out block must come back as a code node from its opening line to its
 * closing one, else the text is parsed as it is (a fence the scan here misread).
 */
export function parseWithoutCode(text: string, parse: (text: string) => Root): Root {
  if (!text.includes('```') && !text.includes('~~~')) return parse(text);
  // Carriage returns and NULs change what the parser makes of a line; such docs are parsed whole.
  if (text.includes('\r') || text.includes('\0')) return parse(text);
  const lines = text.split('\n');
  const fences = blankableFences(lines);
  if (fences.length === 0) return parse(text);
  const blanked = [...lines];
  for (const f of fences) for (let i = f.open + 1; i < f.close; i++) blanked[i] = '';
  const tree = parse(blanked.join('\n'));
  const codes = codeByLine(tree);
  for (const f of fences) {
    const code = codes.get(f.open + 1);
    if (!code || code.position!.start.column !== 1 || code.position!.end.line !== f.close + 1) return parse(text);
  }
  for (const f of fences) codes.get(f.open + 1)!.value = f.value;
  const removedBefore: number[] = [];
  let removed = 0;
  for (let i = 0; i < lines.length; i++) {
    removedBefore.push(removed);
    removed += lines[i].length - blanked[i].length;
  }
  restoreOffsets(tree, removedBefore);
  return tree;
}
