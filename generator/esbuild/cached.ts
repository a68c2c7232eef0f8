/**
 * esbuild's output kept between runs: a warm build compiles neither the site's config nor the
 * theme's client bundle again (nor starts esbuild's service for them) while every file they
 * were made from is as it was.
 */
import { version as esbuildVersion, type BuildOptions, type Metafile, type OutputFile } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compile, type Blame } from './index.ts';

export type CompiledOptions = BuildOptions & { write: false; metafile: true };
export interface Compiled {
  outputFiles: OutputFile[];
  metafile: Metafile;
}

/** Where to keep the output, and what else it depends on that the inputs do not show (a plugin's virtual modules). */
export interface CompileCache {
  dir: string;
  key: string;
}

/**
 * What a run wrote: the inputs by content hash, the metafile and the output files, these by
 * their path from the working folder (a site moved or copied with its cache writes its own).
 */
interface Entry {
  inputs: [string, string][];
  metafile: Metafile;
  outputs: [string, string][];
}

/** Part of the key: entries of an earlier format (output paths absolute) are not read. */
const ENTRY_FORMAT = 2;

const digest = (bytes: Buffer | Uint8Array) => createHash('sha1').update(bytes).digest('base64');

/** The folder esbuild resolves relative paths (`outdir`, the metafile's) against. */
const workingDir = (options: BuildOptions) => options.absWorkingDir ?? process.cwd();

/** The files esbuild read, absolute; virtual modules (`namespace:path`) are left to the cache key. */
function inputFiles(options: BuildOptions, metafile: Metafile): string[] {
  const base = workingDir(options);
  return Object.keys(metafile.inputs)
    .filter((p) => !/^[a-z][\w-]*:/i.test(p))
    .map((p) => path.resolve(base, p))
    .sort();
}

function outputFile(file: string, contents: Uint8Array): OutputFile {
  return {
    path: file,
    contents,
    hash: digest(contents),
    get text() {
      return Buffer.from(contents).toString('utf8');
    },
  };
}

function readEntry(file: string, options: BuildOptions): Compiled | undefined {
  let entry: Entry;
  try {
    entry = JSON.parse(readFileSync(file, 'utf8')) as Entry;
  } catch {
    return undefined;
  }
  for (const [input, hash] of entry.inputs) {
    try {
      if (digest(readFileSync(input)) !== hash) return undefined;
    } catch {
      return undefined;
    }
  }
  const base = workingDir(options);
  return { metafile: entry.metafile, outputFiles: entry.outputs.map(([p, b64]) => outputFile(path.resolve(base, p), Buffer.from(b64, 'base64'))) };
}

/**
 * Keep `result` unless an input was modified since the compile began (a save during the build):
 * its bytes now may not be those esbuild read. Two seconds allow for coarse file times.
 */
function writeEntry(file: string, options: BuildOptions, result: Compiled, began: number): void {
  const inputs = inputFiles(options, result.metafile);
  if (inputs.some((p) => statSync(p).mtimeMs >= began - 2000)) return;
  const entry: Entry = {
    inputs: inputs.map((p) => [p, digest(readFileSync(p))]),
    metafile: result.metafile,
    outputs: result.outputFiles.map((f) => [path.relative(workingDir(options), f.path), Buffer.from(f.contents).toString('base64')]),
  };
  mkdirSync(path.dirname(file), { recursive: true });
  // Renamed into place: a run killed while writing leaves no half entry to read.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(entry));
  renameSync(tmp, file);
}

/** `compile(options)`, or its output of an earlier run when every input file has the same bytes. */
export async function compileCached(options: CompiledOptions, blame: Blame, cache: CompileCache | undefined): Promise<Compiled> {
  if (!cache) return (await compile(options, blame)) as Compiled;
  const { plugins, ...plain } = options;
  const key = createHash('sha256')
    .update(JSON.stringify([ENTRY_FORMAT, esbuildVersion, cache.key, plain, plugins?.map((p) => p.name)]))
    .digest('hex')
    .slice(0, 32);
  const file = path.join(cache.dir, `${key}.json`);
  const known = readEntry(file, options);
  if (known) return known;
  const began = Date.now();
  const result = (await compile(options, blame)) as Compiled;
  try {
    writeEntry(file, options, result, began);
  } catch {
    // An input gone since esbuild read it, a full disk: the next run compiles again.
  }
  return result;
}
