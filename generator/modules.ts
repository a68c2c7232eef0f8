import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { compileCached } from './esbuild/cached.ts';
import { importCompiled, moduleOptions } from './esbuild/index.ts';
import { BUNDLED, DOCGEN_ROOT } from './root.ts';

export { DOCGEN_ROOT };

/**
 * `docgen` re-exports zod for components' schemas. Marked free of side effects, it is imported
 * only by a module that uses it: the config does not load zod's module tree from node_modules.
 */
const zodWhereUsed: Plugin = {
  name: 'zod-where-used',
  setup(build) {
    build.onResolve({ filter: /^zod$/ }, () => ({ path: 'zod', external: true, sideEffects: false }));
  },
};

/**
 * Compile a TypeScript/TSX module of the site (config, page) with esbuild and import it.
 * Bare imports stay external and resolve against docgen's own dependencies (the compiled
 * module lives in docgen's cache, so its `react` is ours). With `cacheDir`, esbuild's output of
 * an earlier run is used while the module's files are unchanged.
 */
export async function importSiteModule(root: string, absFile: string, cacheDir?: string): Promise<Record<string, unknown>> {
  const rel = path.relative(root, absFile);
  const options = moduleOptions(absFile, {
    // Sites import their helpers as `docgen`, pages their components as `docgen/components`; resolve both to this installation.
    alias: { docgen: path.join(DOCGEN_ROOT, 'generator', 'public.ts'), 'docgen/components': path.join(DOCGEN_ROOT, 'theme', 'pages.ts') },
    absWorkingDir: root,
    plugins: [zodWhereUsed],
  });
  const blame = { root, file: rel, prefix: '', hint: 'fix the syntax error and build again' };
  const result = await compileCached({ ...options, metafile: true }, blame, cacheDir === undefined ? undefined : { dir: cacheDir, key: 'module' });
  return importCompiled('modules', path.basename(absFile), result.outputFiles[0].text, { file: rel, prefix: 'threw while loading: ', hint: 'the module must import without side effects that can fail' });
}

/**
 * Identity of the running generator (theme included). Output keys include it, so a changed
 * theme or generator never reuses pages of the previous build. The CLI bundle's folder is named
 * by a fingerprint of the sources (bin/docgen.mjs); run from sources, nothing is reused.
 */
export function generatorIdentity(): string {
  if (!BUNDLED) return `unbundled-${process.pid}-${Date.now()}`;
  return path.basename(path.dirname(fileURLToPath(import.meta.url)));
}
