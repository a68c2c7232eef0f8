#!/usr/bin/env node
// The CLI is TypeScript. It runs from an esbuild bundle (fast start: no loader, and the
// Markdown toolchain loads only when a page must be rendered), made by docgen's esbuild wrapper
// and named by a fingerprint of the sources, so concurrent first runs (a test suite right after
// `npm ci`) never replace a bundle another process is loading.
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleOnce, cacheDir, sourceFingerprint } from '../generator/esbuild/core.mjs';

// A build runs each thread's code for seconds, not hours: with V8's default budget it spends a
// large share of its CPU optimizing functions that are only warm (a quarter of a small site's
// cold build). A larger budget leaves those to the baseline tiers and optimizes the hot ones.
// V8's flags are the process's, so this also holds for the Markdown workers.
v8.setFlagsFromString('--interrupt-budget=528000');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(cacheDir(root, 'cli'), sourceFingerprint(root, ['bin', 'generator', 'common', 'theme']));
// The Markdown worker, the theme's server half, the output's linker thread and the content's
// reading thread are entries of their own, loaded beside it (PROGRAM_ENTRIES in
// generator/esbuild/index.ts).
bundleOnce(dir, {
  docgen: path.join(root, 'bin', 'docgen.ts'),
  worker: path.join(root, 'generator', 'markdown', 'worker.ts'),
  theme: path.join(root, 'theme', 'server.tsx'),
  linker: path.join(root, 'generator', 'output', 'link-thread.ts'),
  reader: path.join(root, 'generator', 'content', 'read-thread.ts'),
});
// React's development build is several times slower at renderToString and is for debugging.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(dir, 'docgen.js')).href);
