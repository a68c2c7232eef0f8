import type { Doc } from '../model.ts';

/** A fenced code block of a doc, as written. */
export interface CodeBlock {
  /** The doc's source file. */
  file: string;
  /** The fence's language, lower-cased ("" when none). */
  lang: string;
  /** The rest of the info string (title=…, request=…). */
  meta: string;
  /** The code, indentation and blockquote marks of the fence removed. */
  code: string;
  /** File line (1-based) of the code's first line. */
  line: number;
}

const OPEN = /^(\s*(?:>\s?)*\s*)(`{3,}|~{3,})\s*([^\s`{]*)(.*)$/;

/** The line inside a fence, with the prefix the opening fence had (indentation, `>` marks) removed. */
function unprefix(line: string, prefix: string): string {
  const quotes = (prefix.match(/>/g) ?? []).length;
  let rest = line;
  for (let i = 0; i < quotes; i++) rest = rest.replace(/^\s*>\s?/, '');
  const indent = prefix.replace(/.*>\s?/, '').length;
  return rest.replace(new RegExp(`^ {0,${indent}}`), '');
}

/**
 * The fenced code blocks of a doc, from its Markdown source by a light line scan (neither the
 * Markdown parser nor the rendered HTML is needed): indented fences (lists) and fences in
 * blockquotes are found, positions are lines of the file. A fence left open runs to the end
 * of the doc, as in CommonMark.
 */
export function codeBlocks(doc: Pick<Doc, 'source' | 'body' | 'bodyLine'>): CodeBlock[] {
  const lines = doc.body.split('\n');
  const out: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]);
    if (!open || (open[2][0] === '`' && open[4].includes('`'))) continue;
    const [, prefix, fence, lang, meta] = open;
    const close = new RegExp(`^\\s*(?:>\\s?)*\\s*${fence[0]}{${fence.length},}\\s*$`);
    const code: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !close.test(lines[j]); j++) code.push(unprefix(lines[j], prefix));
    out.push({ file: doc.source, lang: lang.toLowerCase(), meta: meta.trim(), code: code.join('\n'), line: doc.bodyLine + i + 1 });
    i = j;
  }
  return out;
}
