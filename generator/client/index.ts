import { build, type BuildOptions, type OutputFile as EsbuildOutput } from 'esbuild';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DocgenError } from '../errors.ts';
import type { ClientAssets, OutputFile } from '../model.ts';
import { DOCGEN_ROOT } from '../modules.ts';

export const THEME_DIR = path.join(DOCGEN_ROOT, 'theme');

function hashed(name: string, ext: string, contents: Uint8Array): string {
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 8);
  return `assets/${name}.${hash}.${ext}`;
}

/** The esbuild options of the client bundle (the dev server keeps a context of the same). */
export function clientBuildOptions(): BuildOptions & { write: false } {
  return {
    entryPoints: { main: path.join(THEME_DIR, 'client', 'index.ts'), styles: path.join(THEME_DIR, 'styles', 'index.css') },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    outdir: 'out',
    logLevel: 'silent',
    legalComments: 'none',
  };
}

/** esbuild's output as content-hashed assets. */
export function clientAssets(outputFiles: EsbuildOutput[]): ClientAssets {
  const files: OutputFile[] = [];
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const f of outputFiles) {
    const ext = path.extname(f.path).slice(1);
    const name = path.basename(f.path, `.${ext}`);
    const out = hashed(name, ext, f.contents);
    files.push({ path: out, contents: Buffer.from(f.contents) });
    (ext === 'js' ? scripts : styles).push(`/${out}`);
  }
  return { scripts, styles, files };
}

/** An esbuild failure as one error at the first message's file:line:column. */
export function themeError(err: unknown): DocgenError {
  const first = (err as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
  return new DocgenError(
    `theme does not compile: ${first?.text ?? (err as Error).message}`,
    first?.location ? { file: path.relative(process.cwd(), path.resolve(first.location.file)), line: first.location.line, column: first.location.column + 1 } : { file: 'theme/' },
    'fix the theme source and build again',
  );
}

/** The client stage: bundle the theme's browser code and CSS into content-hashed assets. */
export async function buildClient(): Promise<ClientAssets> {
  try {
    return clientAssets((await build(clientBuildOptions())).outputFiles);
  } catch (err) {
    throw themeError(err);
  }
}
