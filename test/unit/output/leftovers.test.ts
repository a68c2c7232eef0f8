import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { leftovers, oldName, tmpName } from '../../../generator/output/leftovers.ts';

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
