import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countDocs } from '../../../generator/content/listing.ts';

describe('countDocs', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-count-'));
  for (const [folder, files] of [['', ['index.md', 'logo.png']], ['a', ['one.md', 'two.md', '_category_.json']], ['a/b', ['three.md', 'notes.mdx']], ['c', []]] as const) {
    mkdirSync(path.join(dir, folder), { recursive: true });
    for (const f of files) writeFileSync(path.join(dir, folder, f), '# x\n');
  }

  it('counts the Markdown files of every folder below, and nothing else', () => {
    expect(countDocs(dir, 100)).toBe(4);
  });

  it('stops at the cap', () => {
    expect(countDocs(dir, 2)).toBe(2);
  });

  it('counts nothing in a folder that is not there', () => {
    expect(countDocs(path.join(dir, 'none'), 100)).toBe(0);
  });
});
