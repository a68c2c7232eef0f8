import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheDir, compile, moduleOptions, writeCode } from '../esbuild/index.ts';
import { generatorIdentity } from '../modules.ts';
import { BUNDLED, DOCGEN_ROOT } from '../root.ts';

/** Where a site keeps its components: one `<name>.tsx` (or `.jsx`) per component, named as in Markdown. */
export const COMPONENTS_DIR = path.join('content', 'components');

const ENTRY = /^([a-z][a-z0-9-]*)\.(tsx|jsx)$/;

/** The site's components as the Markdown stage sees them before compiling any. */
export interface Registry {
  /** Absolute path of each component's file, by name. */
  files: Record<string, string>;
  /**
   * Hash of every file under the components folder (helpers included): the cache key of a doc
   * that uses a component, so an edited component re-renders exactly the docs using one.
   */
  hash: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** The components folder listed and hashed (a few small files: cheap enough for every run); undefined without one. */
export function readRegistry(root: string): Registry | undefined {
  const dir = path.join(root, COMPONENTS_DIR);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return undefined;
  const hash = createHash('sha256');
  const files: Record<string, string> = {};
  for (const file of walk(dir)) {
    hash.update(path.relative(dir, file)).update('\0').update(readFileSync(file)).update('\0');
    const m = ENTRY.exec(path.basename(file));
    if (m && path.dirname(file) === dir) files[m[1]] = file;
  }
  return Object.keys(files).length ? { files, hash: hash.digest('hex').slice(0, 16) } : undefined;
}

/**
 * The components that hydrate in the browser (`export const interactive = true`), by name:
 * read from the source, so the client bundle needs no compiled component to know its entries.
 */
export function islandFiles(registry: Registry | undefined): Record<string, string> {
  const entries = Object.entries(registry?.files ?? {}).filter(([, file]) => /^export\s+const\s+interactive\s*=\s*true\b/m.test(readFileSync(file, 'utf8')));
  return Object.fromEntries(entries);
}

/** The site's islands (entry files by component name) and the registry's hash. */
export interface SiteIslands {
  files: Record<string, string>;
  hash: string;
}

/** The site's islands and the registry's hash (a dev session rebuilds the client when it changes). */
export function siteIslands(root: string): SiteIslands {
  const registry = readRegistry(root);
  return { files: islandFiles(registry), hash: registry?.hash ?? '' };
}

// The pattern of the last names asked about: a run asks about every doc with the same names.
let mentioning: { key: string; pattern: RegExp } | undefined;

/** Whether a doc's body may use one of the components: a directive of that name (cheap, may say yes wrongly). */
export function mentions(body: string, names: string[]): boolean {
  if (!names.length || !body.includes(':')) return false;
  const key = names.join('|');
  if (mentioning?.key !== key) mentioning = { key, pattern: new RegExp(`(^|[^\\w:]):+(${names.map((n) => n.replace(/-/g, '\\-')).join('|')})(?![\\w-])`, 'm') };
  return mentioning.pattern.test(body);
}

/** Whether a doc's body has a directive at all (it then needs the names, for did-you-mean). */
export function hasDirective(body: string): boolean {
  return /(^|\s)::|:[a-z][\w-]*[[{]/m.test(body);
}

const compiled = new Map<string, Promise<string>>();

/**
 * Every component compiled into one module in docgen's cache, imported by the Markdown workers
 * by its path; its bare imports (react, zod) resolve to docgen's own, so there is one React.
 * Compiled once per registry hash in this process, and only when a doc using one is rendered.
 */
export function compileRegistry(root: string, registry: Registry): Promise<string> {
  let done = compiled.get(registry.hash);
  if (!done) {
    done = compileModule(root, registry);
    compiled.set(registry.hash, done);
    done.catch(() => compiled.delete(registry.hash));
  }
  return done;
}

async function compileModule(root: string, registry: Registry): Promise<string> {
  // Compiled before by this generator from the same files: a cold build of the site pays no esbuild run.
  if (!BUNDLED) return compileFresh(root, registry);
  const known = path.join(cacheDir(DOCGEN_ROOT, 'components'), `registry-${createHash('sha256').update(generatorIdentity()).update(root).update(registry.hash).digest('hex').slice(0, 24)}.path`);
  if (existsSync(known)) {
    const file = readFileSync(known, 'utf8');
    if (existsSync(file)) return file;
  }
  const file = await compileFresh(root, registry);
  writeFileSync(known, file);
  return file;
}

async function compileFresh(root: string, registry: Registry): Promise<string> {
  const names = Object.keys(registry.files);
  const contents = names.map((n, i) => `import * as c${i} from ${JSON.stringify(registry.files[n])};`).join('\n') + `\nexport const components = { ${names.map((n, i) => `${JSON.stringify(n)}: c${i}`).join(', ')} };\n`;
  const options = moduleOptions('', {
    entryPoints: undefined,
    stdin: { contents, resolveDir: root, sourcefile: 'components.ts', loader: 'ts' },
    jsx: 'automatic',
    alias: { docgen: path.join(DOCGEN_ROOT, 'generator', 'public.ts') },
    absWorkingDir: root,
  });
  const result = await compile(options, { root, file: COMPONENTS_DIR, prefix: '', hint: 'fix the component and build again' });
  // The workers import it by path; a component that throws while loading is reported there, at its use.
  return writeCode(cacheDir(DOCGEN_ROOT, 'components'), `components-${registry.hash}`, result.outputFiles[0].text);
}
