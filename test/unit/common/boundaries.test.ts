import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../helpers.ts';

/** Every TypeScript and JavaScript source under `dir`, relative to the repository. */
function sources(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts|mjs)$/.test(e.name))
    .map((e) => path.relative(REPO, path.join(e.parentPath, e.name)));
}

/** The modules a source imports (static, dynamic and re-exports), as written. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(REPO, file), 'utf8');
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g);
  return [...found].map((m) => m[1]);
}

/** The imports of sources under `dir` that resolve into `other` (a folder of the repository). */
function crossings(dir: string, other: string): string[] {
  return sources(dir).flatMap((file) =>
    importsOf(file)
      .filter((spec) => spec.startsWith('.') && path.relative(REPO, path.resolve(REPO, path.dirname(file), spec)).split(path.sep)[0] === other)
      .map((spec) => `${file} imports ${spec}`),
  );
}

describe('the browser/server contract', () => {
  it('keeps the generator and the theme apart', () => {
    expect(crossings('generator', 'theme')).toEqual([]);
    expect(crossings('theme', 'generator')).toEqual([]);
  });

  it('finds an import across the line (the check itself works)', () => {
    expect(crossings('theme', 'common').length).toBeGreaterThan(0);
    expect(crossings('generator', 'common').length).toBeGreaterThan(0);
  });

  it('keeps common/ to itself: no Node modules, no packages, nothing outside it', () => {
    const outside = sources('common').flatMap((file) =>
      importsOf(file)
        .filter((spec) => !spec.startsWith('.') || !path.resolve(REPO, path.dirname(file), spec).startsWith(path.join(REPO, 'common') + path.sep))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(outside).toEqual([]);
  });

  it('type-checks common/ without DOM or Node types', () => {
    const config = JSON.parse(readFileSync(path.join(REPO, 'tsconfig.common.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
    expect(config.compilerOptions).toEqual({ lib: ['ES2023'], types: [] });
    const tsc = spawnSync(process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', 'tsconfig.common.json'], { cwd: REPO, encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
