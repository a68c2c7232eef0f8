import type { Diagnostic } from '../model.ts';

/** A diagram block as the walk found it: `line` and `column` are where its first line of code is in the source file. */
export interface DiagramBlock {
  code: string;
  line: number;
  column: number;
}

type Parse = (text: string) => Promise<unknown>;

let parser: Promise<Parse> | undefined;

/**
 * mermaid's own parser, loaded on the first page with a diagram only. mermaid sanitises labels
 * with DOMPurify, which has no window in Node and so lacks its hooks: parsing needs none of it,
 * so labels pass through unchanged. Nothing in this thread draws.
 */
function loadParser(): Promise<Parse> {
  parser ??= (async () => {
    const { default: purify } = await import('dompurify');
    if (!purify.isSupported) Object.assign(purify, { addHook() {}, removeHook() {}, removeHooks() {}, sanitize: (text: unknown) => String(text) });
    const { default: mermaid } = await import('mermaid');
    return (text: string) => mermaid.parse(text);
  })();
  return parser;
}

interface Found {
  line: number;
  column: number;
  message: string;
}

/**
 * Where in the diagram, and what: the older diagrams' parsers (jison) give a location and a
 * message ending in "Expecting …"; the newer ones (langium) say "line N, column M: …"; an
 * unknown first line has no location. Anything else is not a syntax error, and is left to the browser.
 */
export function syntaxError(err: unknown): Found | undefined {
  const e = err as { message?: string; name?: string; hash?: { loc?: { first_line: number; first_column: number } } };
  const message = String(e?.message ?? '');
  if (e?.hash?.loc) {
    const lines = message.split('\n').filter((l) => l.trim());
    return { line: e.hash.loc.first_line, column: e.hash.loc.first_column + 1, message: lines[lines.length - 1] ?? message };
  }
  const langium = /line (\d+), column (\d+): (.*)/.exec(message);
  if (langium) return { line: Number(langium[1]), column: Number(langium[2]), message: langium[3].trim() };
  if (e?.name === 'UnknownDiagramError' || /No diagram type detected/.test(message)) {
    return { line: 1, column: 1, message: 'no diagram type: the first line names none that mermaid knows' };
  }
  return undefined;
}

/** mermaid's syntax check of each diagram of a page, reported at the Markdown file's line (and the line inside the block). */
export async function checkDiagrams(blocks: DiagramBlock[], source: string): Promise<Diagnostic[]> {
  const parse = await loadParser();
  const out: Diagnostic[] = [];
  for (const block of blocks) {
    let found: Found | undefined;
    try {
      await parse(block.code);
    } catch (err) {
      found = syntaxError(err);
    }
    if (!found) continue;
    out.push({
      severity: 'error',
      kind: 'diagram',
      message: `mermaid diagram does not parse (line ${found.line} of the block): ${found.message}`,
      location: { file: source, line: block.line + found.line - 1, column: block.column - 1 + found.column },
      hint: 'fix the diagram; https://mermaid.js.org/intro/syntax-reference.html lists each diagram type\'s syntax',
    });
  }
  return out;
}
