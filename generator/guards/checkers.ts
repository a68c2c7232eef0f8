import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { syntaxErrors } from '../esbuild/index.ts';

/** A syntax error inside a code block: line (1-based) and column of the block's own text. */
export interface SyntaxProblem {
  line: number;
  column?: number;
  message: string;
}

/** Line and column of a character offset. */
function position(code: string, offset: number): { line: number; column: number } {
  const before = code.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

export function checkJson(code: string): SyntaxProblem | undefined {
  try {
    JSON.parse(code);
    return undefined;
  } catch (err) {
    const message = (err as Error).message;
    const at = /at position (\d+)/.exec(message);
    // Without a position the text ended too early: the problem shows at its end.
    const where = at ? position(code, Number(at[1])) : position(code, code.trimEnd().length);
    return { ...where, message: message.replace(/ in JSON at position \d+.*$/, '').replace(/^(.*?), ".*" is not valid JSON$/, '$1') };
  }
}

export function checkYaml(code: string): SyntaxProblem | undefined {
  for (const doc of parseAllDocuments(code)) {
    const first = 'errors' in doc ? doc.errors[0] : undefined;
    if (first) return { line: first.linePos?.[0].line ?? 1, column: first.linePos?.[0].col, message: first.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '') };
  }
  return undefined;
}

/** JavaScript and its kin, parsed by esbuild (`jsx` for plain JS: React samples are written as ```js too). */
export async function checkScripts(codes: string[], loader: 'jsx' | 'ts' | 'tsx'): Promise<(SyntaxProblem | undefined)[]> {
  const found = await syntaxErrors(codes.map((code) => ({ code, loader })));
  return found.map((first) => first && { line: first.location?.line ?? 1, column: first.location ? first.location.column + 1 : undefined, message: first.text });
}

/** Run a program with `input` on its stdin; undefined when it cannot be started (not installed). */
export function run(command: string, args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string } | undefined> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

const BASH_LOOP = `for f in "$@"; do if ! out=$(bash -n "$f" 2>&1); then printf '%s\\t%s\\n' "\${f##*/}" "\${out%%$'\\n'*}"; fi; done`;

/** Each shell block by its own `bash -n`, started by one bash (far cheaper than a process per block from Node). */
async function checkEachShell(files: string[]): Promise<(SyntaxProblem | undefined)[] | undefined> {
  const result = await run('bash', ['-c', BASH_LOOP, 'bash', ...files], '');
  if (!result || result.code !== 0) return undefined;
  const out: (SyntaxProblem | undefined)[] = files.map(() => undefined);
  for (const line of result.stdout.split('\n').filter(Boolean)) {
    const [index, text] = line.split('\t');
    const m = /line (\d+): (.*)$/.exec(text ?? '');
    out[Number(index)] = { line: m ? Number(m[1]) : 1, message: (m ? m[2] : (text ?? '')).trim() };
  }
  return out;
}

/**
 * Shell blocks by `bash -n` (read, not run). All of them are read first as one script: when it
 * parses, so does each block (blank lines end any command left open by a trailing `\`), and
 * one process did it. Otherwise, or when a here-document ran on past its block and may hide
 * what follows, each block is read alone, for the block and line to report.
 * Undefined: bash is not installed.
 */
export async function checkShell(codes: string[]): Promise<(SyntaxProblem | undefined)[] | undefined> {
  if (!codes.length) return [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-sh-'));
  try {
    writeFileSync(path.join(dir, 'all'), codes.join('\n\n\n'));
    const all = await run('bash', ['-n', path.join(dir, 'all')], '');
    if (!all) return undefined;
    if (all.code === 0 && !all.stderr.includes('here-document')) return codes.map(() => undefined);
    codes.forEach((code, i) => writeFileSync(path.join(dir, String(i)), code));
    return await checkEachShell(codes.map((_, i) => path.join(dir, String(i))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PYTHON = `
import ast, json, sys
out = []
for src in json.load(sys.stdin):
    try:
        compile(src, "<block>", "exec", ast.PyCF_ONLY_AST | getattr(ast, "PyCF_ALLOW_TOP_LEVEL_AWAIT", 0), dont_inherit=True)
        out.append(None)
    except SyntaxError as e:
        out.append([e.lineno or 1, e.offset, e.msg])
print(json.dumps(out))
`;

/** Python blocks, all parsed by one `python3` process (compiled to a tree, never run); undefined: no python3. */
export async function checkPython(codes: string[]): Promise<(SyntaxProblem | undefined)[] | undefined> {
  if (!codes.length) return [];
  const result = await run('python3', ['-c', PYTHON], JSON.stringify(codes));
  if (!result || result.code !== 0) return undefined;
  const found = JSON.parse(result.stdout) as ([number, number | null, string] | null)[];
  return found.map((f) => (f ? { line: f[0], column: f[1] ?? undefined, message: f[2] } : undefined));
}
