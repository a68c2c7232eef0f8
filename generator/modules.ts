import { build, type Message } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DocgenError } from './errors.ts';
import { BUNDLED, DOCGEN_ROOT } from './root.ts';

export { DOCGEN_ROOT };
// Compiled site modules live in docgen's own cache, so their `react` resolves to ours.
const MODULE_CACHE = path.join(DOCGEN_ROOT, 'node_modules', '.cache', 'docgen', 'modules');

function esbuildError(root: string, messages: Message[], fallbackFile: string): DocgenError {
  const first = messages[0];
  const loc = first?.location;
  return new DocgenError(
    first?.text ?? 'could not compile',
    loc
      ? { file: path.relative(root, path.resolve(root, loc.file)) || loc.file, line: loc.line, column: loc.column + 1 }
      : { file: fallbackFile },
    'fix the syntax error and build again',
  );
}

/**
 * Compile a TypeScript/TSX module of the site (config, page) with esbuild and import it.
 * Bare imports stay external and resolve against docgen's own dependencies.
 */
export async function importSiteModule(root: string, absFile: string): Promise<Record<string, unknown>> {
  const rel = path.relative(root, absFile);
  let code: string;
  try {
    const result = await build({
      entryPoints: [absFile],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      // Sites import their helpers as `docgen`, pages their components as `docgen/components`; resolve both to this installation.
      alias: { docgen: path.join(DOCGEN_ROOT, 'generator', 'public.ts'), 'docgen/components': path.join(DOCGEN_ROOT, 'theme', 'pages.ts') },
      jsx: 'automatic',
      logLevel: 'silent',
      absWorkingDir: root,
    });
    code = result.outputFiles[0].text;
  } catch (err) {
    const messages = (err as { errors?: Message[] }).errors;
    if (messages?.length) throw esbuildError(root, messages, rel);
    throw new DocgenError(`could not compile: ${(err as Error).message}`, { file: rel }, undefined, { cause: err });
  }
  const hash = createHash('sha256').update(absFile).update(code).digest('hex').slice(0, 16);
  mkdirSync(MODULE_CACHE, { recursive: true });
  const out = path.join(MODULE_CACHE, `${path.basename(absFile).replace(/\W/g, '_')}-${hash}.mjs`);
  writeFileSync(out, code);
  try {
    return (await import(pathToFileURL(out).href)) as Record<string, unknown>;
  } catch (err) {
    throw new DocgenError(
      `threw while loading: ${(err as Error).message}`,
      { file: rel },
      'the module must import without side effects that can fail',
      { cause: err },
    );
  }
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
