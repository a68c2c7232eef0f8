// Every function of docgen's source with its length in lines, read with the TypeScript compiler
// API: declarations, methods, constructors, accessors, arrow functions and function expressions,
// nested ones included (each is measured on its own, from its first to its last line).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface FunctionSize {
  file: string;
  /** Enclosing functions' and classes' names and its own, joined with ` › ` (an anonymous function is named by
   * where it is: the call it is passed to, the property or variable it is assigned to, or the
   * function returning it). */
  name: string;
  line: number;
  lines: number;
}

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !f.split(path.sep).includes('node_modules'))
    .sort();
}

type FunctionNode = ts.FunctionLikeDeclaration;

function isFunction(node: ts.Node): node is FunctionNode {
  return ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isConstructorDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node);
}

function nameOf(node: FunctionNode, sf: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(sf);
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(sf)}(…) callback`;
  if (ts.isExportAssignment(parent)) return 'default export';
  if (ts.isReturnStatement(parent)) return 'returned function';
  return `anonymous at line ${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
}

function functionsOf(file: string, rel: string): FunctionSize[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.m?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
  const found: FunctionSize[] = [];
  const visit = (node: ts.Node, outer: string[]) => {
    let names = outer;
    if (ts.isClassLike(node) && node.name) names = [...outer, node.name.getText(sf)];
    if (isFunction(node)) {
      names = [...outer, nameOf(node, sf)];
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file: rel, name: names.join(' › '), line: start + 1, lines: end - start + 1 });
    }
    node.forEachChild((child) => visit(child, names));
  };
  visit(sf, []);
  return found;
}

/** Every function under the given folders of `root` (missing folders are skipped), longest first. */
export function functionSizes(root: string, folders: string[]): FunctionSize[] {
  const all: FunctionSize[] = [];
  for (const folder of folders) {
    const dir = path.join(root, folder);
    let files: string[];
    try {
      files = sourceFiles(dir);
    } catch {
      continue;
    }
    for (const f of files) all.push(...functionsOf(f, path.relative(root, f).split(path.sep).join('/')));
  }
  return all.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}
