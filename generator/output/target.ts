import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { DocgenError } from '../errors.ts';
import { POINTER_FILE } from '../search/files.ts';

/** Folders of a project that hold what a build reads (or its tools): never an output. */
const SOURCE_FOLDERS = ['content', 'node_modules', '.git'];

const HINT = 'pass a new or empty folder, or one a previous build made, e.g. --out build';

/** `p` with its symbolic links resolved, as far as it exists (the rest appended as written). */
function real(p: string): string {
  const rest: string[] = [];
  let at = path.resolve(p);
  while (!existsSync(at) && at !== path.dirname(at)) {
    rest.unshift(path.basename(at));
    at = path.dirname(at);
  }
  return path.join(realpathSync(at), ...rest);
}

/** `p` is `dir` or below it. */
function within(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/** What a build left: the files only a build of docgen writes at the top of its output. */
const isBuild = (names: string[]) => names.length === 0 || names.includes(POINTER_FILE) || names.includes('404.html');

/**
 * Why the build may not replace `outDir` (the build swaps the whole folder for its output),
 * or undefined when it may: the project itself or a folder above it, its content, its
 * dependencies, a file, or a folder holding anything but a previous build (a folder of the
 * site's own modules, say).
 */
export function outDirProblem(root: string, outDir: string): string | undefined {
  const out = real(outDir);
  const project = real(root);
  if (out === project) return 'is the project folder';
  if (within(project, out)) return 'holds the project';
  for (const name of SOURCE_FOLDERS) {
    if (within(out, path.join(project, name))) return `is inside the project's ${name}/ folder`;
  }
  if (!existsSync(out)) return undefined;
  if (!statSync(out).isDirectory()) return 'is a file';
  if (!isBuild(readdirSync(out))) return 'holds files that are not a docgen build (it would replace them all)';
  return undefined;
}

/** Refuse an output folder the build must not replace, before anything is read or written. */
export function checkOutDir(root: string, outDir: string): void {
  const rel = path.relative(root, outDir);
  const given = rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? outDir : rel;
  const problem = outDirProblem(root, outDir);
  if (problem) throw new DocgenError(`--out ${given}: ${problem}; the build replaces its output folder as a whole`, undefined, HINT);
}
