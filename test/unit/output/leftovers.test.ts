import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { leftovers, oldName, restoreInterrupted, tmpName } from '../../../generator/output/leftovers.ts';

/** The pid of a process that has ended. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim());
}

describe('leftovers of killed builds', () => {
  it('are the temporary folders of this output whose build is no longer running', () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-leftovers-'));
    const out = path.join(parent, 'build');
    const dead = deadPid();
    const names = [tmpName(out, dead), oldName(out, dead, 1700000000000), tmpName(out, process.pid), oldName(out, process.ppid, 1), '.dist-tmp-1', '.build-tmp-x', 'build', '.build-tmp-1-2-3'];
    for (const n of names) mkdirSync(path.join(parent, n));
    expect(leftovers(out).map((p) => path.basename(p)).sort()).toEqual([oldName(out, dead, 1700000000000), tmpName(out, dead)].sort());
  });

  it('are none when the output folder has no parent to read', () => {
    expect(leftovers(path.join(os.tmpdir(), 'docgen-no-such-folder', 'build'))).toEqual([]);
  });
});

describe('a build killed in the middle of swapping its output in', () => {
  it('gets the previous output put back; an old copy alone (half deleted, maybe) is not', () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-leftovers-'));
    const out = path.join(parent, 'build');
    const dead = deadPid();
    mkdirSync(path.join(parent, oldName(out, dead, 5), 'docs'), { recursive: true });
    writeFileSync(path.join(parent, oldName(out, dead, 5), 'docs', 'index.html'), 'previous');
    mkdirSync(path.join(parent, tmpName(out, dead)));
    restoreInterrupted(out);
    expect(readFileSync(path.join(out, 'docs', 'index.html'), 'utf8')).toBe('previous');
    expect(leftovers(out).map((p) => path.basename(p))).toEqual([tmpName(out, dead)]);

    const other = path.join(mkdtempSync(path.join(os.tmpdir(), 'docgen-leftovers-')), 'build');
    mkdirSync(path.join(path.dirname(other), oldName(other, dead, 5)));
    restoreInterrupted(other);
    expect(existsSync(other)).toBe(false);
  });
});
