import { execFile } from 'node:child_process';
import type { SiteConfig } from '../model.ts';
import { gitLogArgs, parseGitLog, type LastChange } from './git.ts';

export type { LastChange } from './git.ts';

/** Each source file's last change (path relative to the site root, with "/"), from the site's git history. */
export interface PageHistory {
  changes: ReadonlyMap<string, LastChange>;
}

/** The folders the content stage reads docs and pages from. */
const CONTENT_PATHS = ['content', 'versioned_docs'];

function git(root: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
}

/**
 * The history stage: one `git log` over the content folders. Outside a git checkout, or without
 * git, there are no dates (pages show none, the sitemap has no `lastmod`) and no warning: a
 * site built from an archive is not wrong. In a shallow clone, a file whose last change is the
 * oldest commit fetched has no date either, since that commit lists every file as new; files
 * changed in later commits keep theirs. Only committed changes count, so the same commit gives
 * the same pages whatever is edited and not committed.
 */
export async function readHistory(root: string, config: Pick<SiteConfig, 'showLastUpdateTime' | 'showLastUpdateAuthor'>): Promise<PageHistory> {
  if (!config.showLastUpdateTime && !config.showLastUpdateAuthor) return { changes: new Map() };
  let out: string;
  try {
    out = await git(root, gitLogArgs(CONTENT_PATHS));
  } catch {
    return { changes: new Map() };
  }
  const { changes, fromShallowEnd } = parseGitLog(out);
  for (const file of fromShallowEnd) changes.delete(file);
  return { changes };
}
