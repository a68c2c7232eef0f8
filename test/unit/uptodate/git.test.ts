import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitState } from '../../../generator/uptodate/git.ts';
import { git } from '../../git-site.ts';

const commit = (dir: string, message: string) => git(dir, ['-c', 'user.name=T', '-c', 'user.email=t@example.invalid', 'commit', '-q', '--allow-empty', '-m', message]);

describe("the commit a build's history reads", () => {
  it('is none outside a checkout', () => {
    expect(gitState(mkdtempSync(path.join(os.tmpdir(), 'docgen-nogit-')))).toBe('none');
  });

  it('changes with a commit, a checkout and a packed branch, from the site folder inside the checkout, and not otherwise', () => {
    const repo = mkdtempSync(path.join(os.tmpdir(), 'docgen-git-'));
    git(repo, ['init', '-q', '-b', 'main']);
    commit(repo, 'one');
    const site = path.join(repo, 'docs-site');
    git(repo, ['checkout', '-q', '-b', 'side']);
    git(repo, ['checkout', '-q', 'main']);
    writeFileSync(path.join(repo, 'untracked.txt'), 'not a commit');
    const seen = [gitState(repo)];
    expect(gitState(site)).toBe(seen[0]);
    commit(repo, 'two');
    seen.push(gitState(repo));
    git(repo, ['checkout', '-q', 'side']);
    seen.push(gitState(repo));
    git(repo, ['pack-refs', '--all']);
    git(repo, ['checkout', '-q', 'main']);
    commit(repo, 'three');
    seen.push(gitState(repo));
    expect(new Set(seen).size).toBe(seen.length);
    expect(gitState(repo)).toBe(seen.at(-1));
  });

  it("follows a worktree's .git file to its own HEAD", () => {
    const repo = mkdtempSync(path.join(os.tmpdir(), 'docgen-git-'));
    git(repo, ['init', '-q', '-b', 'main']);
    commit(repo, 'one');
    const tree = path.join(mkdtempSync(path.join(os.tmpdir(), 'docgen-worktree-')), 'wt');
    git(repo, ['worktree', 'add', '-q', '-b', 'wt', tree]);
    const before = gitState(tree);
    expect(before).not.toBe(gitState(repo));
    commit(tree, 'in the worktree');
    expect(gitState(tree)).not.toBe(before);
  });
});
