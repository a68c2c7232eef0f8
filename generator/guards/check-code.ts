import type { Diagnostic } from '../errors.ts';
import type { Doc } from '../model.ts';
import { checkJson, checkPython, checkScripts, checkShell, checkYaml, type SyntaxProblem } from './checkers.ts';
import { codeBlocks, type CodeBlock } from './code-blocks.ts';
import { withoutPlaceholders } from './placeholders.ts';

/** The checked languages, by the fence names that select them. */
const LANGUAGES: Record<string, Syntax> = {
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  js: 'jsx',
  javascript: 'jsx',
  mjs: 'jsx',
  cjs: 'jsx',
  jsx: 'jsx',
  ts: 'ts',
  typescript: 'ts',
  tsx: 'tsx',
  sh: 'shell',
  bash: 'shell',
  shell: 'shell',
  python: 'python',
  py: 'python',
};

type Syntax = 'json' | 'yaml' | 'jsx' | 'ts' | 'tsx' | 'shell' | 'python';

/** What `--check-code` did: blocks checked per syntax, syntaxes left out (no interpreter), findings. */
export interface CodeCheck {
  checked: Partial<Record<Syntax, number>>;
  skipped: string[];
  diagnostics: Diagnostic[];
}

async function checkAll(syntax: Syntax, codes: string[]): Promise<(SyntaxProblem | undefined)[] | undefined> {
  if (syntax === 'json') return codes.map(checkJson);
  if (syntax === 'yaml') return codes.map(checkYaml);
  if (syntax === 'shell') return checkShell(codes);
  if (syntax === 'python') return checkPython(codes);
  return checkScripts(codes, syntax);
}

function diagnostic(block: CodeBlock, syntax: Syntax, found: SyntaxProblem): Diagnostic {
  // "Unexpected end of file" is found on the line after the last: it is the last line's doing.
  const p = { ...found, line: Math.min(found.line, block.code.split('\n').length) };
  const name = syntax === 'jsx' ? 'JavaScript' : syntax === 'ts' ? 'TypeScript' : syntax === 'tsx' ? 'TSX' : syntax === 'json' ? 'JSON' : syntax === 'yaml' ? 'YAML' : syntax === 'shell' ? 'shell' : 'Python';
  return {
    severity: 'error',
    kind: 'code syntax error',
    message: `${name} code block (\`\`\`${block.lang}), its line ${p.line}: ${p.message}`,
    location: { file: block.file, line: block.line + p.line - 1, column: p.column },
    hint: 'fix the sample; write elided parts as "…" or a comment, placeholders as <your-key>, and mark a block that is not meant to parse as ```text',
  };
}

/**
 * `docgen build --check-code`: the syntax of every JSON, YAML, JavaScript/TypeScript/JSX/TSX,
 * shell (`bash -n`) and Python (`python3`) block of the docs, each error at the line of the
 * Markdown file where it is. Nothing runs: shell and Python are only parsed. The site's
 * placeholder conventions are read as what they stand for first (placeholders.ts).
 */
export async function checkCode(docs: Doc[]): Promise<CodeCheck> {
  const bySyntax = new Map<Syntax, CodeBlock[]>();
  for (const doc of docs) {
    for (const block of codeBlocks(doc)) {
      const syntax = LANGUAGES[block.lang];
      if (syntax) bySyntax.set(syntax, [...(bySyntax.get(syntax) ?? []), block]);
    }
  }
  const result: CodeCheck = { checked: {}, skipped: [], diagnostics: [] };
  await Promise.all(
    [...bySyntax].map(async ([syntax, blocks]) => {
      const found = await checkAll(syntax, blocks.map((b) => withoutPlaceholders(b.code, syntax)));
      if (!found) return void result.skipped.push(`${syntax} (${syntax === 'shell' ? 'bash' : 'python3'} not found)`);
      result.checked[syntax] = blocks.length;
      found.forEach((p, i) => p && result.diagnostics.push(diagnostic(blocks[i], syntax, p)));
    }),
  );
  return result;
}
