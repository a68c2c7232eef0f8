import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from '../errors.ts';

/*
 * Nothing docgen publishes may come from outside the project: a link in content/ to
 * /etc/passwd was published as a page, its source, its chunk and its search entry. Links that
 * stay inside the project keep working.
 */

/** `p` is `dir` or below it. */
function within(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

function refuse(root: string, link: string, problem: string, hint: string): never {
  throw new ContentError(problem, { file: path.relative(root, link) }, hint);
}

/** Why the link `link` may not be followed, or undefined. */
function linkProblem(root: string, link: string, folderExpected: boolean): { problem: string; hint: string } | undefined {
  const written = readlinkSync(link);
  let target: string;
  try {
    target = realpathSync(link);
  } catch {
    return { problem: `is a symbolic link to ${written}, which does not exist`, hint: 'fix or remove the link' };
  }
  if (!within(target, realpathSync(root))) {
    return { problem: `is a symbolic link to ${written}, outside the project: docgen publishes nothing from outside it`, hint: 'copy the file into the project, or link to one inside it' };
  }
  if (!folderExpected && statSync(target).isDirectory()) {
    return { problem: `is a symbolic link to a folder (${written}): docgen does not follow links to folders among content files`, hint: 'move the folder here, or link its files one by one' };
  }
  return undefined;
}

/**
 * Refuse a file of content/ that is a symbolic link leading outside the project, to a folder, or
 * nowhere. `link`: whether it is one, when the folder's listing said (each file is looked at otherwise).
 */
export function checkContentFile(root: string, file: string, link = lstatSync(file).isSymbolicLink()): void {
  if (!link) return;
  const why = linkProblem(root, file, false);
  if (why) refuse(root, file, why.problem, why.hint);
}

/**
 * Refuse content/ or one of its folders (`docs`, `static`, `pages`) when it is a link leading
 * outside the project: files found under it are checked one by one, not their folders.
 */
export function checkContentFolders(root: string): void {
  for (const rel of ['content', 'content/docs', 'content/static', 'content/pages']) {
    const dir = path.join(root, rel);
    if (!isLink(dir)) continue;
    const why = linkProblem(root, dir, true);
    if (why) refuse(root, dir, why.problem, why.hint);
  }
}

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
