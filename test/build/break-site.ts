import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect } from 'vitest';
import { copyFixture, docgen } from '../helpers.ts';

export interface BrokenBuild {
  stderr: string;
  code: number;
  /** Wall time of the failed build. */
  seconds: number;
}

/**
 * A copy of a fixture (the basic one by default), built once before the file's tests (call at the top of the file).
 * The returned `breakWith(file, contents)` writes `contents` over one of its files (null deletes
 * it), runs `docgen build`, checks what every failed build must leave (the previous `build/`
 * exactly as it was, no temporary output folder beside it, no stack trace), puts the file back,
 * and gives the exit code and messages for the test's own checks.
 */
export function useBreakableSite(fixture = 'basic'): (file: string, contents: string | null, env?: Record<string, string>, args?: string[]) => Promise<BrokenBuild> {
  let site: string;
  let goodIndex: string;
  beforeAll(async () => {
    site = copyFixture(fixture);
    expect((await docgen(site, ['build'])).code).toBe(0);
    goodIndex = readFileSync(path.join(site, 'build', 'docs', 'index.html'), 'utf8');
  });
  return async (file, contents, env = {}, args = []) => {
    const full = path.join(site, file);
    const original = readFileSync(full, 'utf8');
    if (contents === null) rmSync(full);
    else writeFileSync(full, contents);
    try {
      const started = performance.now();
      const res = await docgen(site, ['build', ...args], env);
      const seconds = (performance.now() - started) / 1000;
      expect(readFileSync(path.join(site, 'build', 'docs', 'index.html'), 'utf8')).toBe(goodIndex);
      expect(res.stderr).not.toMatch(/\n\s+at /);
      // The output written while the Markdown rendered went to a temporary folder, removed.
      expect(readdirSync(site).filter((f) => f.startsWith('.build-'))).toEqual([]);
      return { ...res, seconds };
    } finally {
      writeFileSync(full, original);
    }
  };
}
