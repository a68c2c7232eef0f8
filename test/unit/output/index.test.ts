import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeOutput } from '../../../generator/output/index.ts';

describe('output', () => {
  it('replaces the whole folder and leaves no temporary folder behind', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-out-'));
    const out = path.join(parent, 'build');
    mkdirSync(out);
    writeFileSync(path.join(out, 'stale.html'), 'old');
    await writeOutput(out, [{ path: 'index.html', contents: 'new' }, { path: 'docs/a/index.html', contents: 'a' }]);
    expect(existsSync(path.join(out, 'stale.html'))).toBe(false);
    expect(readFileSync(path.join(out, 'docs/a/index.html'), 'utf8')).toBe('a');
    // The replaced output is removed by a detached process shortly after.
    await expect.poll(() => readdirSync(parent), { timeout: 5000 }).toEqual(['build']);
  });
});
