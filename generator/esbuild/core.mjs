// @ts-check
// The one place docgen calls esbuild for code it runs in Node (the CLI bundle, the worker
// bundle, site modules, the theme's server half). Plain JavaScript: bin/docgen.mjs runs it
// before any bundle exists. generator/esbuild/index.ts adds error mapping to DocgenError.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dependencyPatches } from './patches.mjs';

/** @typedef {import('esbuild').BuildOptions} BuildOptions */

/** Options shared by every bundle docgen runs in Node. */
export const NODE_OPTIONS = /** @type {const} */ ({ bundle: true, format: 'esm', platform: 'node', target: 'node20', jsx: 'automatic', logLevel: 'silent' });

/**
 * The CLI and worker bundle: dependencies bundled too (a worker then loads one file instead of
 * hundreds of small modules). React stays external because site pages import it from
 * node_modules and there must be one copy; esbuild finds its binary from its own package;
 * linkinator and chokidar load lazily, opentype.js only when a social card is drawn; resvg loads its native binding by platform; the OpenAPI validator reads its schemas from beside its
 * own module. Bundled CommonJS packages call require() for Node's modules. Some dependencies'
 * code is changed as it is bundled, for speed alone (patches.mjs).
 * @param {Record<string, string>} entryPoints
 * @returns {BuildOptions}
 */
export function programOptions(entryPoints) {
  return {
    ...NODE_OPTIONS,
    entryPoints,
    plugins: [requiredExternals, dependencyPatches],
    splitting: true,
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'linkinator', 'chokidar', '@seriousme/openapi-schema-validator', '@resvg/resvg-js', 'opentype.js'],
    banner: { js: "import { createRequire as __docgenRequire } from 'node:module'; const require = __docgenRequire(import.meta.url);" },
    define: { __DOCGEN_BUNDLED__: 'true' },
    logLevel: 'error',
  };
}

/** The external CommonJS packages every docgen process loads. */
const REQUIRED = /^(?:react|react-dom|esbuild)(?:\/.*)?$/;

/**
 * External CommonJS packages loaded by require() instead of `import`: Node imports a CommonJS
 * module only after scanning its source for the names it exports (cjs-module-lexer), which for
 * React DOM's builds costs more than running them, in every process and worker. Each import of
 * one becomes a one-line CommonJS module of the bundle that requires it; the module instance is
 * the one an `import` elsewhere (site modules) gets.
 * @type {import('esbuild').Plugin}
 */
const requiredExternals = {
  name: 'required-externals',
  setup(build) {
    build.onResolve({ filter: REQUIRED }, (args) => (args.namespace === 'required' ? { path: args.path, external: true } : { path: args.path, namespace: 'required' }));
    build.onLoad({ filter: /.*/, namespace: 'required' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js' }));
  },
};

/**
 * Everything docgen keeps for itself lives under its own node_modules, so bundles' bare imports
 * resolve to its dependencies.
 * @param {string} docgenRoot
 * @param {string} name
 */
export function cacheDir(docgenRoot, name) {
  return path.join(docgenRoot, 'node_modules', '.cache', 'docgen', name);
}

/**
 * A key for docgen's sources as they are now: the names, sizes and modification times of the
 * files under `dirs`, and of the lock files (an install that changes dependencies changes it).
 * @param {string} root
 * @param {string[]} dirs
 */
export function sourceFingerprint(root, dirs) {
  const hash = createHash('sha256');
  const walk = (/** @type {string} */ dir) => {
    // Code-unit order, not localeCompare: that would load ICU's collator at every start.
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const s = statSync(p);
        hash.update(`${path.relative(root, p)}\0${s.size}\0${s.mtimeMs}\n`);
      }
    }
  };
  for (const d of dirs) if (existsSync(path.join(root, d))) walk(path.join(root, d));
  for (const f of ['package-lock.json', 'node_modules/.package-lock.json']) {
    if (existsSync(path.join(root, f))) hash.update(`${f}\0${statSync(path.join(root, f)).mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Bundle docgen's program entries into `dir` unless it exists. Content-addressed and written
 * beside then renamed, so concurrent first runs never replace a bundle another process is
 * loading. Bundles of other keys are removed unless used in the last hour (a process may still
 * run one). Synchronous, so a worker pool can start from it: esbuild's plugins need its
 * asynchronous API, so the bundle is made by a child process running this file, and esbuild
 * loads only when a bundle is missing.
 * @param {string} dir
 * @param {Record<string, string>} entryPoints
 */
export function bundleOnce(dir, entryPoints) {
  if (existsSync(dir)) return;
  const tmp = `${dir}.tmp-${process.pid}`;
  mkdirSync(tmp, { recursive: true });
  try {
    bundleInChild(tmp, entryPoints);
    renameSync(tmp, dir);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    // Another process finished the same bundle first; theirs is identical.
    if (!existsSync(dir)) throw err;
  }
  const parent = path.dirname(dir);
  for (const old of readdirSync(parent)) {
    const p = path.join(parent, old);
    if (p !== dir && !old.includes('.tmp-') && Date.now() - statSync(p).mtimeMs > 3_600_000) rmSync(p, { recursive: true, force: true });
  }
}

/**
 * Run this file as a script to bundle `entryPoints` into `outdir`; a failure comes back as
 * esbuild's own (its message and located errors).
 * @param {string} outdir
 * @param {Record<string, string>} entryPoints
 */
function bundleInChild(outdir, entryPoints) {
  const res = spawnSync(process.execPath, [fileURLToPath(import.meta.url), outdir, JSON.stringify(entryPoints)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.status === 0) return;
  /** @type {{ message: string; errors?: unknown[] }} */
  let failure;
  try {
    failure = JSON.parse(res.stdout);
  } catch {
    failure = { message: res.stderr.trim() || `the bundler exited with ${res.status ?? res.signal}` };
  }
  throw Object.assign(new Error(failure.message), { errors: failure.errors });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [outdir, entries] = process.argv.slice(2);
  /** @type {typeof import('esbuild')} */
  const esbuild = createRequire(import.meta.url)('esbuild');
  try {
    await esbuild.build({ ...programOptions(JSON.parse(entries)), outdir });
    // Under node_modules no package.json of docgen's is in scope: without this one Node would
    // parse every file of the bundle once more to tell whether it is an ES module.
    writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  } catch (err) {
    const e = /** @type {{ message: string; errors?: unknown[] }} */ (err);
    process.stdout.write(JSON.stringify({ message: e.message, errors: e.errors }));
    process.exitCode = 1;
  }
}

/**
 * Write compiled code under a name from its hash in `dir` and import it: the same code is
 * imported once per process (Node keeps it by URL), a changed one under a new name.
 * @param {string} dir
 * @param {string} name
 * @param {string} code
 * @returns {Promise<Record<string, unknown>>}
 */
export async function importCode(dir, name, code) {
  return import(pathToFileURL(writeCode(dir, name, code)).href);
}

/**
 * The file `importCode` imports, written if missing (another thread may import it by path).
 * @param {string} dir
 * @param {string} name
 * @param {string} code
 * @returns {string}
 */
export function writeCode(dir, name, code) {
  const hash = createHash('sha256').update(name).update(code).digest('hex').slice(0, 16);
  const file = path.join(dir, `${name.replace(/\W/g, '_')}-${hash}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${file}.${process.pid}`, code);
    renameSync(`${file}.${process.pid}`, file);
  }
  return file;
}
