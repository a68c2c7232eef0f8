import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { docgen, REPO } from './helpers.ts';

export interface RealBuild {
  /** The build folder. */
  dir: string;
  /** Remove the temp folder holding the build. */
  remove: () => void;
}

/** Build the real site (the repo root) into a temp folder, failing loudly if the build fails. */
export async function buildRealSite(prefix: string): Promise<RealBuild> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `docgen-${prefix}-`));
  const dir = path.join(tmp, 'build');
  const res = await docgen(REPO, ['build', '--out', dir]);
  if (res.code !== 0) throw new Error(`the real site failed to build:\n${res.stderr}`);
  return { dir, remove: () => rmSync(tmp, { recursive: true, force: true }) };
}

/** Every HTML file of a build folder, relative to it with forward slashes, sorted. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

/** A redirect stub: a page that only sends the browser elsewhere. */
export function isRedirectStub(file: string): boolean {
  return /<meta http-equiv="refresh"/i.test(readFileSync(file, 'utf8'));
}

/** The URL path a static host serves an HTML file at: `a/index.html` → `/a/`, `404.html` → `/404.html`. */
export function routeOf(rel: string): string {
  return `/${rel.replace(/(^|\/)index\.html$/, '$1')}`;
}
