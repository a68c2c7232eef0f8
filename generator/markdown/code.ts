import { bundledLanguages } from 'shiki/langs';
import { extractNotations, type Annotations } from './notation.ts';

const PLAIN = new Set(['text', 'plaintext', 'txt', 'plain']);

/** A language shiki can highlight (ids and aliases), or one of the plain-text names. */
export function isKnownLanguage(lang: string): boolean {
  return PLAIN.has(lang) || lang in bundledLanguages;
}

const MAGIC = /^\s*(?:\/\/|#|<!--|\/\*|--|;|')\s*highlight-(next-line|start|end)\s*(?:-->|\*\/)?\s*$/;

/** Parse `1,3-5` into line numbers. */
export function parseRanges(spec: string): number[] {
  const out: number[] = [];
  for (const part of spec.split(',')) {
    const [a, b] = part.split('-').map((n) => Number.parseInt(n.trim(), 10));
    if (Number.isNaN(a)) continue;
    for (let i = a; i <= (Number.isNaN(b) || b === undefined ? a : b); i++) out.push(i);
  }
  return out;
}

function toRanges(lines: number[]): string {
  const sorted = [...new Set(lines)].sort((x, y) => x - y);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j;
  }
  return parts.join(',');
}

/**
 * Remove Docusaurus-style magic comments and shiki notation comments from a code block: line
 * highlights go in its meta string, the other notations in `annotations`; quote an unquoted
 * `title=`; returns the rewritten value and meta.
 */
export function prepareCode(value: string, meta: string): { value: string; meta: string; annotations?: Annotations } {
  const highlighted: number[] = [];
  const kept: string[] = [];
  let inRange = false;
  let nextLine = false;
  for (const line of value.split('\n')) {
    const m = MAGIC.exec(line);
    if (m) {
      if (m[1] === 'next-line') nextLine = true;
      else inRange = m[1] === 'start';
      continue;
    }
    kept.push(line);
    if (inRange || nextLine) highlighted.push(kept.length);
    nextLine = false;
  }
  const notation = extractNotations(kept);
  const annotations = notation.annotations;
  if (notation.renumber) highlighted.splice(0, highlighted.length, ...highlighted.map(notation.renumber));
  if (annotations?.lines.highlight) {
    highlighted.push(...annotations.lines.highlight);
    delete annotations.lines.highlight;
  }
  let rest = meta.replace(/\btitle=(?!")(\S+)/, 'title="$1"');
  const ranges = /(?:^|\s)\{([\d,\s-]+)\}/.exec(rest);
  if (ranges) {
    highlighted.push(...parseRanges(ranges[1]));
    rest = rest.replace(ranges[0], ' ');
  }
  rest = rest.replace(/\s+/g, ' ').trim();
  if (highlighted.length) rest = `${rest} {${toRanges(highlighted)}}`.trim();
  return { value: notation.lines.join('\n'), meta: rest, ...(annotations && { annotations }) };
}
