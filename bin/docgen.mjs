#!/usr/bin/env node
// The CLI is TypeScript. It runs from one esbuild bundle (fast start: no loader, and the
// Markdown toolchain loads only when a page must be rendered), rebuilt here whenever a
// source file is newer than the bundle.
import { readdirSync, renameSync, statSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'node_modules', '.cache', 'docgen', 'cli');
const entry = path.join(outDir, 'docgen.js');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = ['bin', 'generator', 'theme'].map((d) => path.join(root, d));
const stale = !existsSync(entry) || Math.max(...sources.map(newest)) > statSync(entry).mtimeMs;
if (stale) {
  const { build } = await import('esbuild');
  const tmp = `${outDir}.tmp-${process.pid}`;
  mkdirSync(tmp, { recursive: true });
  await build({
    entryPoints: { docgen: path.join(root, 'bin', 'docgen.ts'), worker: path.join(root, 'generator', 'markdown', 'worker.ts') },
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    define: { __DOCGEN_BUNDLED__: 'true' },
    logLevel: 'error',
  });
  // Another process may have raced us; whichever rename lands last is equally fresh.
  const old = `${outDir}.old-${process.pid}`;
  try {
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(tmp, outDir);
  } catch {
    /* a concurrent build put its own fresh bundle in place */
  }
  rmSync(old, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
}
// React's development build is several times slower at renderToString and is for debugging.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(entry).href);
