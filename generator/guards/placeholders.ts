/**
 * The site's conventions in code samples, turned into what they stand for before a block is
 * parsed, keeping every line where it is (so errors keep their line numbers): Docusaurus magic
 * comments and shiki notation comments (the page does not show them), `…` for elided code,
 * `<your-key>` for a value the reader fills in.
 */

import { splitNotes } from '../markdown/notation.ts';

const COMMENT = String.raw`(?:\/\/|#|<!--|\/\*|--|;)`;
const MAGIC_LINE = new RegExp(String.raw`^\s*${COMMENT}\s*highlight-(?:next-line|start|end)\s*(?:-->|\*\/)?\s*$`);

/** Lines made only of an ellipsis (with a comma or a comment mark around it). */
const ELIDED_LINE = /^\s*(?:\/\/\s*|#\s*)?(?:…|\.\.\.)\s*,?\s*$/;

function jsonLike(code: string): string {
  const lines = code.split('\n');
  lines.forEach((line, i) => {
    if (!ELIDED_LINE.test(line)) return;
    // An elided member goes; so does the comma before it when nothing follows in its object.
    lines[i] = '';
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const after = lines.slice(i + 1).find((l) => l.trim() !== '') ?? '';
    if (before >= 0 && /^\s*[}\]]/.test(after)) lines[before] = lines[before].replace(/,\s*$/, '');
  });
  return lines
    .join('\n')
    .replace(/([{[])\s*(?:…|\.\.\.)\s*([}\]])/g, '$1$2')
    .replace(/,\s*(?:…|\.\.\.)(\s*[}\]])/g, '$1')
    .replace(/:\s*(?:…|\.\.\.)(?=\s*[,}\n])/g, ': null');
}

function script(code: string): string {
  // `…` alone, or as an argument or object body, is code left out: a comment says the same.
  return code.replace(/…/g, '/*…*/').replace(/([({[,]\s*)\.\.\.(\s*[)}\],])/g, '$1/*...*/$2').replace(/^(\s*)\.\.\.\s*$/gm, '$1/*...*/');
}

function shell(code: string): string {
  // `<your-key>` unquoted would be a redirection: a word stands in for it.
  return code.replace(/<([A-Za-z][\w.-]*)>/g, 'PLACEHOLDER_$1').replace(/^(\s*)(?:…|\.\.\.)\s*$/gm, '$1:');
}

function python(code: string): string {
  return code.replace(/…/g, '...').replace(/<([A-Za-z][\w.-]*)>/g, '$1');
}

/** `code` as the parser of `syntax` should read it. */
export function withoutPlaceholders(code: string, syntax: string): string {
  const plain = code
    .split('\n')
    .map((l) => (MAGIC_LINE.test(l) ? '' : (splitNotes(l)?.code ?? l)))
    .join('\n');
  if (syntax === 'json') return jsonLike(plain);
  if (syntax === 'shell') return shell(plain);
  if (syntax === 'python') return python(plain);
  if (syntax === 'yaml') return plain;
  return script(plain);
}
