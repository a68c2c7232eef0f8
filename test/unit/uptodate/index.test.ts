import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildResult } from '../../../generator/build.ts';
import { buildStampFile } from '../../../generator/cache-paths.ts';
import { writtenState } from '../../../generator/output/unchanged.ts';
import { BuildStamp } from '../../../generator/uptodate/index.ts';

function site(): { root: string; outDir: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-stamp-'));
  mkdirSync(path.join(root, 'content'));
  writeFileSync(path.join(root, 'content/a.md'), '# A');
  mkdirSync(path.join(root, 'build'));
  writeFileSync(path.join(root, 'build/index.html'), '<p>a</p>');
  return { root, outDir: path.join(root, 'build') };
}

const result = (outDir: string, extra: Partial<BuildResult> = {}): BuildResult => ({
  ok: true,
  pages: 1,
  redirects: 0,
  rendered: 1,
  workers: 0,
  diagnostics: [{ severity: 'warning', kind: 'moved page', message: 'gone', location: { file: 'build/sitemap.xml' } }],
  timings: {},
  previousGiven: false,
  files: { 'index.html': writtenState(statSync(path.join(outDir, 'index.html'))) },
  ...extra,
});

describe("a build's stamp", () => {
  it('keeps the bytes of the files changed within a tick of the build’s start, the output as written, and the findings but moved pages', () => {
    const { root, outDir } = site();
    // The doc written, the project walked and the build begun within a tick (a loaded machine may need more than one try).
    let stamp: BuildStamp | undefined;
    for (let tries = 0; tries < 20 && !stamp; tries++) {
      const began = Date.now();
      writeFileSync(path.join(root, 'content/a.md'), '# A');
      const tried = new BuildStamp({ root, outDir, strict: false, written: [] });
      tried.beforeBuild();
      if (Date.now() - began < 40) stamp = tried;
    }
    stamp!.record(result(outDir));
    const kept = JSON.parse(readFileSync(buildStampFile(root, outDir), 'utf8'));
    expect(kept.hashes.map(([rel]: [string]) => rel)).toEqual(['content/a.md']);
    expect(kept.inputs.map(([rel]: [string]) => rel).sort()).toEqual(['content/', 'content/a.md']);
    expect(kept.outputs).toEqual([['index.html', writtenState(statSync(path.join(outDir, 'index.html')))]]);
    expect(kept.result).toEqual({ pages: 1, redirects: 0, diagnostics: [] });
  });

  it('is removed after a build that read a sitemap from elsewhere', () => {
    const { root, outDir } = site();
    new BuildStamp({ root, outDir, strict: false, written: [] }).record(result(outDir));
    expect(statSync(buildStampFile(root, outDir), { throwIfNoEntry: false })).toBeDefined();
    new BuildStamp({ root, outDir, strict: false, written: [] }).record(result(outDir, { previousGiven: true }));
    expect(statSync(buildStampFile(root, outDir), { throwIfNoEntry: false })).toBeUndefined();
  });
});
