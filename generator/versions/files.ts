import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../errors.ts';

/** The list of older versions at the site root, newest first (Docusaurus's name and format). */
export const VERSIONS_FILE = 'versions.json';

/** The folders of the older versions' docs and sidebars, at the site root. */
export const VERSIONED_DOCS = 'versioned_docs';
export const VERSIONED_SIDEBARS = 'versioned_sidebars';

/** Where an older version's docs are: versioned_docs/version-<name>/. */
export function versionDocsDir(root: string, name: string): string {
  return path.join(root, VERSIONED_DOCS, `version-${name}`);
}

/** Where an older version's sidebars are: versioned_sidebars/version-<name>-sidebars.json. */
export function versionSidebarsFile(root: string, name: string): string {
  return path.join(root, VERSIONED_SIDEBARS, `version-${name}-sidebars.json`);
}

function readJson(root: string, file: string): unknown {
  try {
    return JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  } catch (err) {
    throw new ConfigError(`invalid JSON: ${(err as Error).message}`, { file, line: 1, column: 1 }, 'fix the JSON syntax');
  }
}

/** A name that can be one segment of a URL and a folder name on every system. */
export function isVersionName(name: string): boolean {
  return /^[A-Za-z0-9][\w.~-]*$/.test(name) && !name.endsWith('.');
}

/** The names in versions.json, newest first; none when the file does not exist. */
export function readVersionNames(root: string): string[] {
  if (!existsSync(path.join(root, VERSIONS_FILE))) return [];
  const names = readJson(root, VERSIONS_FILE);
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) {
    throw new ConfigError('must be a list of version names, newest first', { file: VERSIONS_FILE, line: 1, column: 1 }, 'e.g. ["1.2.0", "1.1.0"]; `docgen version <name>` adds one');
  }
  const bad = (names as string[]).find((n, i) => !isVersionName(n) || n === 'current' || names.indexOf(n) !== i);
  if (bad !== undefined) {
    throw new ConfigError(`"${bad}" cannot be a version here: it is listed twice, is "current" or is not a path segment`, { file: VERSIONS_FILE, line: 1, column: 1 }, 'use names of letters, digits, ".", "-", "_" or "~", each once');
  }
  return names as string[];
}

/** An older version's sidebars as written when it was made (the config's `sidebars` then). */
export function readVersionSidebars(root: string, name: string): unknown {
  const file = path.relative(root, versionSidebarsFile(root, name));
  if (!existsSync(path.join(root, file))) {
    throw new ConfigError(`version "${name}" has no sidebars file`, { file }, `\`docgen version\` writes it; copy the config's sidebars there as JSON`);
  }
  return readJson(root, file);
}
