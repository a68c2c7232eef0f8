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

/**
 * The code without magic comments and notations, as the code after a change: the lines a diff
 * marks removed (`[!code --]`, on the line or on a comment line above it) are left out, as the
 * reader's program would not hold them beside the lines added.
 */
function withoutNotes(code: string): string {
  let removing = 0;
  return code
    .split('\n')
    .map((line) => {
      if (MAGIC_LINE.test(line)) return '';
      const split = splitNotes(line);
      const removal = split?.notes.find((n) => n.mark === 'remove')?.count ?? 0;
      const gone = removing > 0;
      if (gone) removing--;
      if (split && !split.code.trim()) {
        removing = Math.max(removing, removal);
        return '';
      }
      if (removal) removing = Math.max(removing, removal - 1);
      return gone || removal ? '' : (split?.code ?? line);
    })
    .join('\n');
}

/** `code` as the parser of `syntax` should read it. */
export function withoutPlaceholders(code: string, syntax: string): string {
  const plain = withoutNotes(code);
  if (syntax === 'json') return jsonLike(plain);
  if (syntax === 'shell') return shell(plain);
  if (syntax === 'python') return python(plain);
  if (syntax === 'yaml') return plain;
  return script(plain);
}
