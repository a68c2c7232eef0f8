import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyFixture } from './helpers.ts';

/** The git the tests run (a test may hide it from the CLI's PATH). */
export const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

export function git(dir: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(REAL_GIT, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', ...env } });
}

/** Everything in `dir` committed at a fixed time by `author`, so the pages' dates are known. */
export function commitAll(dir: string, message: string, author: string, date: string): void {
  const env = { GIT_AUTHOR_NAME: author, GIT_AUTHOR_EMAIL: 'a@features.example', GIT_COMMITTER_NAME: author, GIT_COMMITTER_EMAIL: 'a@features.example', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  git(dir, ['add', '-A'], env);
  git(dir, ['commit', '-q', '-m', message], env);
}

/**
 * A copy of the features fixture in a git repository of its own, two commits deep: everything
 * by Ada Lovelace on 2026-03-04, then `content/docs/pagemeta.md` changed by Bo Zhang on 2026-05-06.
 */
export function featuresInGit(): string {
  const site = copyFixture('features');
  git(site, ['init', '-q']);
  commitAll(site, 'first', 'Ada Lovelace', '2026-03-04T05:06:07Z');
  const doc = path.join(site, 'content/docs/pagemeta.md');
  writeFileSync(doc, `${readFileSync(doc, 'utf8')}\nOne more line.\n`);
  commitAll(site, 'second', 'Bo Zhang', '2026-05-06T07:08:09Z');
  return site;
}
