import { createHash } from 'node:crypto';
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES } from '../helpers.ts';

/**
 * Every file and link under `dir` with a hash of its contents (or where it leads), except
 * the site's node_modules (caches): two equal snapshots mean nothing was written, replaced or
 * added anywhere else.
 */
export function snapshot(dir: string, out: Record<string, string> = {}, base = dir): Record<string, string> {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const rel = path.relative(base, full);
    if (name === 'node_modules') continue;
    const stat = lstatSync(full);
    if (stat.isSymbolicLink()) out[rel] = `-> ${readlinkSync(full)}`;
    else if (stat.isDirectory()) snapshot(full, out, base);
    else out[rel] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return out;
}

/**
 * A copy of a fixture at `<parent>/site`, with a sentinel README.md in the site and in its
 * parent (what a route climbing out of build/ overwrote), for tests that look for writes
 * outside the output.
 */
export function siteInBox(fixture: string): { box: string; site: string } {
  const box = mkdtempSync(path.join(os.tmpdir(), `docgen-box-${fixture}-`));
  const site = path.join(box, 'site');
  mkdirSync(site);
  cpSync(path.join(FIXTURES, fixture), site, { recursive: true, filter: (src) => !src.includes('node_modules') });
  writeFileSync(path.join(box, 'README.md'), 'sentinel outside the project\n');
  writeFileSync(path.join(site, 'README.md'), 'sentinel of the project\n');
  return { box, site };
}
