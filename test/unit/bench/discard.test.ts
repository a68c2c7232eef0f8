import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { discard, emptyTrash } from '../../bench/discard.mjs';

describe('bench discard', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'docgen-discard-test-'));
  afterEach(() => emptyTrash());
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('moves a finished build out of the way, its files kept until the trash is emptied', () => {
    const out = path.join(tmp, 'build');
    mkdirSync(path.join(out, 'docs'), { recursive: true });
    writeFileSync(path.join(out, 'docs', 'index.html'), 'page');
    const to = discard(out);
    expect(existsSync(out)).toBe(false);
    expect(readFileSync(path.join(to!, 'docs', 'index.html'), 'utf8')).toBe('page');
    emptyTrash();
    expect(existsSync(to!)).toBe(false);
  });

  it('does nothing for a folder that is not there', () => {
    expect(discard(path.join(tmp, 'missing'))).toBeUndefined();
  });
});
