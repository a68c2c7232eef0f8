import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Walk up to docgen's package.json: works from the sources and from the CLI bundle. */
function findPackageRoot(dir: string): string {
  for (let d = dir; d !== path.dirname(d); d = path.dirname(d)) {
    const pkg = path.join(d, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'docgen') return d;
  }
  throw new Error(`docgen: cannot find its package.json above ${dir}`);
}

/** Set by the CLI bundle (bin/docgen.mjs); undefined when the sources run directly (tests). */
declare const __DOCGEN_BUNDLED__: boolean | undefined;
export const BUNDLED = typeof __DOCGEN_BUNDLED__ !== 'undefined';

/** The docgen package itself (theme, compiled-module cache, CLI bundle). */
export const DOCGEN_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));
