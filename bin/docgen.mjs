#!/usr/bin/env node
// The CLI is TypeScript. It runs from an esbuild bundle (fast start: no loader, and the
// Markdown toolchain loads only when a page must be rendered), made by docgen's esbuild wrapper
// and named by a fingerprint of the sources, so concurrent first runs (a test suite right after
// `npm ci`) never replace a bundle another process is loading.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleOnce, cacheDir, sourceFingerprint } from '../generator/esbuild/core.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(cacheDir(root, 'cli'), sourceFingerprint(root, ['bin', 'generator', 'common', 'theme']));
// The Markdown worker and the theme's server half are entries of their own, loaded beside it.
bundleOnce(dir, { docgen: path.join(root, 'bin', 'docgen.ts'), worker: path.join(root, 'generator', 'markdown', 'worker.ts'), theme: path.join(root, 'theme', 'server.tsx') });
// React's development build is several times slower at renderToString and is for debugging.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(dir, 'docgen.js')).href);
