import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writtenState } from '../../../generator/output/unchanged.ts';
import { changedWithinTick, walkInputs, walkOutput, writtenTree } from '../../../generator/uptodate/walk.ts';

function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-walk-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

/** Wait until the file system's clock (coarser than Date.now()) is past `ms`. */
function fileClockPast(ms: number): void {
  const probe = path.join(os.tmpdir(), `docgen-walk-clock-${process.pid}`);
  do writeFileSync(probe, '');
  while (statSync(probe).ctimeMs <= ms);
  rmSync(probe);
}

describe('the inputs of a build', () => {
  it('are every file and folder of the project but dependencies, git, the output, its build folders and the report', () => {
    const root = project({
      'site.config.ts': 'x',
      'content/docs/a.md': 'a',
      'content/node_modules/x.js': 'x',
      'node_modules/dep/index.js': 'x',
      '.git/HEAD': 'ref',
      'build/index.html': 'x',
      '.build-tmp-12/index.html': 'x',
      '.build-old-12-1700000000000/index.html': 'x',
      '.dist-tmp-12/kept.txt': 'x',
      'content/.build-tmp-12/kept.md': 'x',
      'report.json': '{}',
    });
    const tree = walkInputs(root, path.join(root, 'build'), [path.join(root, 'report.json')]);
    expect([...tree.entries.keys()].sort()).toEqual(['.dist-tmp-12/', '.dist-tmp-12/kept.txt', 'content/', 'content/.build-tmp-12/', 'content/.build-tmp-12/kept.md', 'content/docs/', 'content/docs/a.md', 'site.config.ts']);
    expect(tree.links).toBe(0);
  });

  it('leave out an output folder elsewhere by its own path', () => {
    const root = project({ 'site/content/a.md': 'a', 'site/out/dist/index.html': 'x', 'site/out/.dist-old-3-4/x': 'x' });
    const tree = walkInputs(path.join(root, 'site'), path.join(root, 'site/out/dist'));
    expect([...tree.entries.keys()].sort()).toEqual(['content/', 'content/a.md', 'out/']);
  });

  it('record a symbolic link to a file by where it leads and the state of what is there, and count one to a folder', () => {
    const root = project({ 'content/a.md': 'a', 'content/dir/b.md': 'b' });
    symlinkSync(path.join(root, 'content/a.md'), path.join(root, 'content/link.md'));
    symlinkSync(path.join(root, 'content/nowhere.md'), path.join(root, 'content/broken.md'));
    const before = walkInputs(root, path.join(root, 'build'));
    expect(before.links).toBe(0);
    expect(before.entries.get('content/link.md')).toBe(`-> ${path.join(root, 'content/a.md')} ${before.entries.get('content/a.md')}`);
    expect(before.entries.get('content/broken.md')).toBe(`-> ${path.join(root, 'content/nowhere.md')} -`);
    writeFileSync(path.join(root, 'content/a.md'), 'edited');
    expect(walkInputs(root, path.join(root, 'build')).entries.get('content/link.md')).not.toBe(before.entries.get('content/link.md'));
    symlinkSync(path.join(root, 'content/dir'), path.join(root, 'content/folder'));
    const withFolder = walkInputs(root, path.join(root, 'build'));
    expect(withFolder.links).toBe(1);
    expect(withFolder.entries.has('content/folder')).toBe(false);
  });

  it('show an edit to the same length with the modification time put back', () => {
    const root = project({ 'a.md': 'one' });
    const file = path.join(root, 'a.md');
    utimesSync(file, 1_600_000_000, 1_600_000_000);
    const before = walkInputs(root, path.join(root, 'build')).entries.get('a.md');
    const { atime, mtime, ctimeMs } = statSync(file);
    // The change time is the kernel's clock at the write: wait until it has moved on.
    fileClockPast(ctimeMs);
    writeFileSync(file, 'two');
    utimesSync(file, atime, mtime);
    expect(statSync(file).mtimeMs).toBe(mtime.getTime());
    expect(walkInputs(root, path.join(root, 'build')).entries.get('a.md')).not.toBe(before);
  });

  it('changed within a tick of a time: the files whose change time lies within one tick of the file clock before it', () => {
    const root = project({ 'a.md': 'a', 'b.md': 'b' });
    const tree = walkInputs(root, path.join(root, 'build'));
    const ctime = Math.max(statSync(path.join(root, 'a.md')).ctimeMs, statSync(path.join(root, 'b.md')).ctimeMs);
    expect(changedWithinTick(tree, ctime + 10)).toEqual(['a.md', 'b.md']);
    // Two seconds is the longest tick read (a coarse clock's).
    expect(changedWithinTick(tree, ctime + 2001)).toEqual([]);
  });
});

describe('the output of a build', () => {
  it('is every file by size and modification time, not change time: linking it elsewhere changes nothing', () => {
    const out = project({ 'index.html': 'x', 'docs/a/index.html': 'a' });
    const before = walkOutput(out);
    linkSync(path.join(out, 'index.html'), path.join(os.tmpdir(), `docgen-walk-link-${process.pid}-${Date.now()}`));
    expect(walkOutput(out).entries).toEqual(before.entries);
    expect([...before.entries.keys()].sort()).toEqual(['docs/a/index.html', 'index.html']);
    writeFileSync(path.join(out, 'docs/a/index.html'), readFileSync(path.join(out, 'docs/a/index.html')));
    utimesSync(path.join(out, 'docs/a/index.html'), 1_600_000_000, 1_600_000_000);
    expect(walkOutput(out).entries.get('docs/a/index.html')).not.toBe(before.entries.get('docs/a/index.html'));
  });

  it('is the tree the output stage reports having written', () => {
    const out = project({ 'index.html': 'x', 'docs/a/index.html': 'a', 'docs/a.md': 'm' });
    const files = Object.fromEntries(['index.html', 'docs/a/index.html', 'docs/a.md'].map((f) => [f, writtenState(statSync(path.join(out, f)))]));
    expect(writtenTree(files).entries).toEqual(walkOutput(out).entries);
  });
});
