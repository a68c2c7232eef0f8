/**
 * shiki's notation comments (`// [!code ++]`, `# [!code focus:2]`, `<!-- [!code word:id] -->`, …)
 * read from the code's text before it is tokenized, so that our own renderer (highlight.ts)
 * marks the lines and the shown and copied code hold no notation.
 */

/** Line-level marks a notation gives; `highlight` joins the block's highlighted lines. */
export type LineMark = 'add' | 'remove' | 'focus' | 'highlight' | 'error' | 'warning';

/** What a block's notations say, by line number (1-based, in the code as shown). */
export interface Annotations {
  lines: Partial<Record<LineMark, number[]>>;
  /** Words to mark (`[!code word:…]`), each on the lines it covers. */
  words: { text: string; lines: number[] }[];
}

const MARKS: Record<string, LineMark> = { '++': 'add', '--': 'remove', focus: 'focus', highlight: 'highlight', hl: 'highlight', error: 'error', warning: 'warning' };

const NOTE = String.raw`\[!code\s+[^\]\s][^\]]*\]`;
const NOTES = String.raw`((?:${NOTE}\s*)+)`;
const START = String.raw`(?:\/\/|#|--|;+|%|'|\/\*|<!--|\{\/\*)`;
const END = String.raw`(\*\/\}|\*\/|-->)?`;
/** A comment holding only notations, at the end of the line (any comment syntax shiki knows). */
const WHOLE_COMMENT = new RegExp(String.raw`\s*${START}\s*${NOTES}${END}\s*$`);
/** Notations ending a comment that says something else too: the rest of the comment stays. */
const TRAILING = new RegExp(String.raw`\s*${NOTES}${END}\s*$`);
const ONE_NOTE = new RegExp(NOTE, 'g');
const COMMENT_START = new RegExp(START);

interface Note {
  mark?: LineMark;
  word?: string;
  /** How many lines it covers; words default to the rest of the block. */
  count?: number;
}

/** `[!code ++:2]` → { mark: 'add', count: 2 }; `[!code word:id:1]` → { word: 'id', count: 1 }; unknown → undefined. */
export function parseNote(note: string): Note | undefined {
  const body = note.slice(7, -1).trim();
  const word = /^word:((?:\\.|[^:\\])+)(?::(\d+))?$/.exec(body);
  if (word) return { word: word[1].replace(/\\(.)/g, '$1'), count: word[2] ? Number(word[2]) : undefined };
  const [name, count] = body.split(':');
  const mark = MARKS[name];
  if (!mark || (count !== undefined && !/^\d+$/.test(count))) return undefined;
  return { mark, count: count === undefined ? 1 : Number(count) };
}

/** A line's notations and the line without them; undefined when it has none shiki would read. */
export function splitNotes(line: string): { code: string; notes: Note[] } | undefined {
  if (!line.includes('[!code')) return undefined;
  let m = WHOLE_COMMENT.exec(line);
  let code = m ? line.slice(0, m.index) : '';
  if (!m) {
    m = TRAILING.exec(line);
    if (!m || !COMMENT_START.test(line.slice(0, m.index))) return undefined;
    code = line.slice(0, m.index) + (m[2] ? ` ${m[2]}` : '');
  }
  const notes = [...m[1].matchAll(ONE_NOTE)].map((n) => parseNote(n[0]));
  if (notes.some((n) => n === undefined)) return undefined;
  return { code: code.trimEnd(), notes: notes as Note[] };
}

function range(from: number, count: number, last: number): number[] {
  const out: number[] = [];
  for (let i = from; i < from + count && i <= last; i++) out.push(i);
  return out;
}

/**
 * The block without its notation comments, and what they mark. A notation after code covers
 * that line (and the next ones with `:n`); a comment line holding only notations is removed
 * and covers the line(s) after it, as in shiki's current matching.
 */
export function extractNotations(lines: string[]): { lines: string[]; annotations?: Annotations; renumber?: (line: number) => number } {
  const kept: string[] = [];
  /** For each line given (1-based), the line it became: lines after a removed one move up. */
  const moved: number[] = [0];
  const pending: { notes: Note[]; first: number }[] = [];
  for (const line of lines) {
    const split = splitNotes(line);
    if (!split) {
      kept.push(line);
      moved.push(kept.length);
      continue;
    }
    const alone = split.code.trim() === '';
    if (!alone) kept.push(split.code);
    moved.push(alone ? kept.length + 1 : kept.length);
    pending.push({ notes: split.notes, first: alone ? kept.length + 1 : kept.length });
  }
  if (!pending.length) return { lines };
  const annotations: Annotations = { lines: {}, words: [] };
  for (const { notes, first } of pending) {
    for (const note of notes) {
      const covered = range(first, note.count ?? kept.length, kept.length);
      if (note.word) annotations.words.push({ text: note.word, lines: covered });
      else (annotations.lines[note.mark!] ??= []).push(...covered);
    }
  }
  return { lines: kept, annotations, renumber: (line) => moved[line] ?? line };
}
