#!/usr/bin/env node
// The CLI is TypeScript. It runs from an esbuild bundle (fast start: no loader, and the
// Markdown toolchain loads only when a page must be rendered). Bundles are content-addressed by
// the sources' names, sizes and modification times, so concurrent first runs (a test suite right
// after `npm ci`) never replace a bundle another process is loading.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundles = path.join(root, 'node_modules', '.cache', 'docgen', 'cli');

function fingerprint(dir, hash) {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) fingerprint(p, hash);
    else {
      const s = statSync(p);
      hash.update(`${path.relative(root, p)}\0${s.size}\0${s.mtimeMs}\n`);
    }
  }
  return hash;
}

const hash = createHash('sha256');
for (const d of ['bin', 'generator', 'theme']) fingerprint(path.join(root, d), hash);
// The bundle includes the dependencies, so an install that changes them makes a new one.
for (const f of ['package-lock.json', 'node_modules/.package-lock.json']) {
  if (existsSync(path.join(root, f))) hash.update(`${f}\0${statSync(path.join(root, f)).mtimeMs}\n`);
}
const key = hash.digest('hex').slice(0, 16);
const dir = path.join(bundles, key);
const entry = path.join(dir, 'docgen.js');

if (!existsSync(entry)) {
  const { build } = await import('esbuild');
  const tmp = `${dir}.tmp-${process.pid}`;
  mkdirSync(tmp, { recursive: true });
  await build({
    entryPoints: { docgen: path.join(root, 'bin', 'docgen.ts'), worker: path.join(root, 'generator', 'markdown', 'worker.ts') },
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Dependencies are bundled too: a worker then loads one file instead of hundreds of small
    // modules (micromark alone is ~200), which cost a cold build ~0.1 s per thread. React stays
    // external because site pages import it from node_modules and there must be one copy;
    // esbuild finds its binary from its own package; linkinator and chokidar load lazily.
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'linkinator', 'chokidar'],
    // Bundled CommonJS packages (gray-matter, lunr…) call require() for Node's modules.
    banner: { js: "import { createRequire as __docgenRequire } from 'node:module'; const require = __docgenRequire(import.meta.url);" },
    jsx: 'automatic',
    define: { __DOCGEN_BUNDLED__: 'true' },
    logLevel: 'error',
  });
  try {
    renameSync(tmp, dir);
  } catch {
    // Another process finished the same bundle first; theirs is identical.
    rmSync(tmp, { recursive: true, force: true });
  }
  // Bundles of older sources, unless one was used in the last hour (a process may still run it).
  for (const old of readdirSync(bundles)) {
    const p = path.join(bundles, old);
    if (old !== key && Date.now() - statSync(p).mtimeMs > 3_600_000) rmSync(p, { recursive: true, force: true });
  }
}
// React's development build is several times slower at renderToString and is for debugging.
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(entry).href);
