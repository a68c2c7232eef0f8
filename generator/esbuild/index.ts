/**
 * The one esbuild wrapper: shared options, esbuild's failures as DocgenErrors at the first
 * message's place, and compiled code imported from docgen's cache. core.mjs holds the part the
 * CLI launcher (bin/docgen.mjs) needs before any bundle exists.
 */
import { build, context, transform, type BuildContext, type BuildOptions, type BuildResult, type Loader, type Message, type SameShape } from 'esbuild';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DocgenError } from '../errors.ts';
import { BUNDLED, DOCGEN_ROOT } from '../root.ts';
import { bundleOnce, cacheDir, importCode, NODE_OPTIONS, sourceFingerprint, writeCode } from './core.mjs';

export { cacheDir, NODE_OPTIONS, writeCode };

/** Whose code failed and what to tell the reader: the place is the first message's when it has one. */
export interface Blame {
  /** Locations are written relative to this folder. */
  root: string;
  /** The place when esbuild names none. */
  file: string;
  /** Put before esbuild's text, e.g. `theme does not compile: `. */
  prefix: string;
  hint: string;
}

/** An esbuild failure as one DocgenError at the first message's file:line:column. */
export function compileError(err: unknown, blame: Blame): DocgenError {
  const first = (err as { errors?: Message[] }).errors?.[0];
  if (!first) return new DocgenError(`${blame.prefix || 'could not compile: '}${(err as Error).message}`, { file: blame.file }, blame.prefix ? blame.hint : undefined, { cause: err });
  const loc = first.location;
  const file = loc ? path.relative(blame.root, path.resolve(blame.root, loc.file)) || loc.file : blame.file;
  return new DocgenError(`${blame.prefix}${first.text}`, loc ? { file, line: loc.line, column: loc.column + 1 } : { file }, blame.hint);
}

/**
 * The first syntax error esbuild finds in each source (undefined: it parses), all parsed by one
 * call (esbuild reads them side by side) and nothing emitted.
 */
export async function syntaxErrors(sources: { code: string; loader: Loader }[]): Promise<(Message | undefined)[]> {
  const found: (Message | undefined)[] = sources.map(() => undefined);
  if (!sources.length) return found;
  const result = await build({
    entryPoints: sources.map((_, i) => `source-${i}`),
    outdir: 'out',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'sources',
        setup(b) {
          b.onResolve({ filter: /^source-\d+$/ }, (args) => ({ path: args.path, namespace: 'source' }));
          b.onLoad({ filter: /.*/, namespace: 'source' }, (args) => {
            const { code, loader } = sources[Number(args.path.slice(7))];
            return { contents: code, loader };
          });
        },
      },
    ],
  }).catch((err: { errors?: Message[] }) => {
    if (!err.errors) throw err;
    return err;
  });
  for (const e of result.errors ?? []) {
    const index = /^source:source-(\d+)$/.exec(e.location?.file ?? '')?.[1];
    if (index === undefined) throw new DocgenError(`esbuild: ${e.text}`);
    found[Number(index)] ??= e;
  }
  return found;
}

/**
 * Start esbuild's service process now, for a compile that will come: its start (a Go program
 * of several MB) then overlaps what runs before. Failing here is left to that compile to report.
 */
export function startService(): void {
  transform('').catch(() => undefined);
}

/** Run esbuild; a failure becomes the DocgenError `blame` describes. */
export async function compile<O extends BuildOptions>(options: O, blame: Blame): Promise<BuildResult<O>> {
  try {
    return await build(options as SameShape<BuildOptions, O>);
  } catch (err) {
    throw compileError(err, blame);
  }
}

/**
 * The last rebuild asked of each kept context. esbuild answers a rebuild asked for while another
 * goes on with that one's result, from the sources as they were when it started: a fix saved
 * during the rebuild of the broken file would get the broken file's error, and keep it.
 */
const lastRebuild = new WeakMap<BuildContext, Promise<unknown>>();

/** Rebuild a kept context (dev) once the rebuild asked before has ended; a failure becomes the DocgenError `blame` describes. */
export async function rebuild<O extends BuildOptions>(ctx: BuildContext<O>, blame: Blame): Promise<BuildResult<O>> {
  const result = Promise.resolve(lastRebuild.get(ctx))
    .catch(() => undefined)
    .then(() => ctx.rebuild());
  lastRebuild.set(ctx, result);
  try {
    return await result;
  } catch (err) {
    throw compileError(err, blame);
  }
}

export { context };

/** Options of a module docgen compiles from sources and imports in this process (bare imports stay external). */
export function moduleOptions(entry: string, options: BuildOptions = {}): BuildOptions & { write: false } {
  return { ...NODE_OPTIONS, entryPoints: [entry], packages: 'external', ...options, write: false };
}

/** Import compiled code from docgen's cache (`name` names the file); a throw while loading is the module's fault. */
export async function importCompiled(kind: string, name: string, code: string, blame: Omit<Blame, 'root'>): Promise<Record<string, unknown>> {
  try {
    return await importCode(cacheDir(DOCGEN_ROOT, kind), name, code);
  } catch (err) {
    throw new DocgenError(`${blame.prefix}${(err as Error).message}`, { file: blame.file }, blame.hint, { cause: err });
  }
}

/** docgen's program entries besides the CLI: the Markdown worker, the theme's server half, the output's linker thread, the content's reading thread. */
export const PROGRAM_ENTRIES = { worker: 'generator/markdown/worker.ts', theme: 'theme/server.tsx', linker: 'generator/output/link-thread.ts', reader: 'generator/content/read-thread.ts' } as const;

/**
 * The bundle of one of docgen's program entries: beside the CLI bundle when running from it,
 * else bundled from the sources into the cache as the CLI bundle is (the tests run the same code
 * on worker threads as users do).
 */
export function programEntry(name: keyof typeof PROGRAM_ENTRIES, bundledUrl: URL): URL {
  if (BUNDLED) return bundledUrl;
  const source = PROGRAM_ENTRIES[name];
  const dir = path.join(cacheDir(DOCGEN_ROOT, name), sourceFingerprint(DOCGEN_ROOT, ['generator', 'common', 'theme']));
  try {
    bundleOnce(dir, { [name]: path.join(DOCGEN_ROOT, source) });
  } catch (err) {
    throw compileError(err, { root: DOCGEN_ROOT, file: source, prefix: `${source} does not compile: `, hint: 'fix the source and run again' });
  }
  return pathToFileURL(path.join(dir, `${name}.js`));
}
