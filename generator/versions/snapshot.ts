import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DocgenError } from '../errors.ts';
import type { SiteConfig } from '../model.ts';
import { isVersionName, readVersionNames, VERSIONS_FILE, versionDocsDir, versionSidebarsFile } from './files.ts';
import { moveDocLinks, versionedSidebars } from './rewrite.ts';

/** A `docgen version` that cannot be made: the name is taken or unusable, or there is nothing to copy. */
export class VersionError extends DocgenError {
  override name = 'VersionError';
}

/** Why `name` cannot be a new version of the site at `root`, or undefined. */
function nameProblem(root: string, name: string, existing: string[]): { message: string; hint: string } | undefined {
  if (!isVersionName(name)) {
    return { message: `"${name}" is not a valid version name: it becomes a path segment (/docs/${name}/…)`, hint: 'use letters, digits, ".", "-", "_" or "~", starting with a letter or digit, e.g. 1.2.0' };
  }
  if (name === 'current') return { message: '"current" names the docs in content/docs', hint: 'pick the release number, e.g. 1.2.0' };
  if (existing.includes(name) || existsSync(versionDocsDir(root, name))) {
    return { message: `version "${name}" exists already`, hint: `pick another name, or remove versioned_docs/version-${name}/ and its entry in ${VERSIONS_FILE} first` };
  }
  if (existsSync(path.join(root, 'content', 'docs', name))) {
    return { message: `"${name}" is a folder of content/docs: /docs/${name}/ would name both`, hint: 'pick a name that is not a folder of the docs' };
  }
  return undefined;
}

/** Copies a folder; Markdown files pass through `markdown` on the way. */
function copyTree(from: string, to: string, markdown: (text: string) => string): number {
  mkdirSync(to, { recursive: true });
  let files = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [src, dest] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) files += copyTree(src, dest, markdown);
    if (!entry.isFile()) continue;
    if (entry.name.endsWith('.md')) writeFileSync(dest, markdown(readFileSync(src, 'utf8')));
    else copyFileSync(src, dest);
    files++;
  }
  return files;
}

/**
 * `docgen version <name>`: content/docs copied to versioned_docs/version-<name>/, the config's
 * sidebars to versioned_sidebars/version-<name>-sidebars.json, and the name put first in
 * versions.json (Docusaurus's layout, newest first). Links into the docs, in pages and in the
 * sidebars' link items, are moved into the new version's path. The docs are copied under a
 * temporary name and renamed, so a failed copy leaves no half version behind.
 */
export function snapshotVersion(root: string, name: string, config: SiteConfig): { files: number } {
  const existing = readVersionNames(root);
  const problem = nameProblem(root, name, existing);
  if (problem) throw new VersionError(problem.message, { file: VERSIONS_FILE }, problem.hint);
  const docs = path.join(root, 'content', 'docs');
  if (!existsSync(docs)) throw new VersionError('there are no docs to copy', { file: 'content/docs/' }, 'write the docs in content/docs first');
  const target = versionDocsDir(root, name);
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const { routeBase } = config.docs;
  const files = copyTree(docs, partial, (text) => moveDocLinks(text, routeBase, `${routeBase}/${name}`, existing));
  renameSync(partial, target);
  const sidebars = versionSidebarsFile(root, name);
  mkdirSync(path.dirname(sidebars), { recursive: true });
  writeFileSync(sidebars, versionedSidebars(config.sidebars, routeBase, `${routeBase}/${name}`, existing));
  writeFileSync(path.join(root, VERSIONS_FILE), `${JSON.stringify([name, ...existing], null, 2)}\n`);
  return { files };
}
