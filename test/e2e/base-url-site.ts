import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { docgen, REPO } from '../helpers.ts';
import { startNginx as startNginxAt, type Nginx } from './nginx-server.ts';

export type { Nginx };

/** The path the real site is built for and served under in the base-URL tests. */
export const BASE = '/developers/';

/**
 * A copy of the real site (content, OpenAPI description, redirects, older docs versions, config) whose config says
 * `baseUrl: BASE`: the project itself is never edited.
 */
export function developersProject(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-base-url-'));
  for (const f of ['content', 'openapi', 'redirects.json', 'versions.json', 'versioned_docs', 'versioned_sidebars']) {
    if (existsSync(path.join(REPO, f))) cpSync(path.join(REPO, f), path.join(dir, f), { recursive: true });
  }
  const config = readFileSync(path.join(REPO, 'site.config.ts'), 'utf8');
  const changed = config.replace(/^(\s*baseUrl:\s*)'\/',$/m, `$1'${BASE}',`);
  if (changed === config) throw new Error("site.config.ts has no `baseUrl: '/',` line to change");
  writeFileSync(path.join(dir, 'site.config.ts'), changed);
  return dir;
}

/** Build the copy into `<project>/build`, failing loudly. */
export async function buildProject(project: string): Promise<string> {
  const out = path.join(project, 'build');
  const built = await docgen(project, ['build', '--out', out]);
  if (built.code !== 0) throw new Error(`the site under ${BASE} failed to build:\n${built.stderr}`);
  return out;
}

/** nginx serving a build made for BASE, as the generated map's header says. */
export function startNginx(binary: string, out: string): Promise<Nginx> {
  return startNginxAt(binary, out, BASE);
}
