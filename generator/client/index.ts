import { build, type BuildOptions, type BuildResult, type Metafile, type Plugin } from 'esbuild';
import path from 'node:path';
import { DocgenError } from '../errors.ts';
import type { ClientAssets, OutputFile } from '../model.ts';
import { DOCGEN_ROOT } from '../modules.ts';
import type { ThemeConfig } from '../../theme/types.ts';

export { themeConfig } from './config.ts';

export const THEME_DIR = path.join(DOCGEN_ROOT, 'theme');

/** A config colour as a CSS value: anything that could end the declaration or the rule is dropped. */
const cssValue = (value: string) => value.replace(/[^#\w\s(),.%/+-]/g, '');

/**
 * The config's colours as CSS: a strict Content-Security-Policy drops inline `style`
 * attributes, so the announcement bar's colours come with the stylesheet.
 */
export function siteCss(config: ThemeConfig): string {
  const bar = config.announcementBar;
  return bar ? `.announcement-bar{background-color:${cssValue(bar.backgroundColor)};color:${cssValue(bar.textColor)}}\n` : '';
}

/**
 * `import config from 'docgen:theme-config'` in the theme resolves to the site's config, and
 * `@import 'docgen:site.css'` in its CSS to the config's colours (siteCss).
 */
function themeConfigModule(config: ThemeConfig): Plugin {
  return {
    name: 'docgen-theme-config',
    setup(b) {
      b.onResolve({ filter: /^docgen:theme-config$/ }, () => ({ path: 'theme-config', namespace: 'docgen' }));
      b.onResolve({ filter: /^docgen:site\.css$/ }, () => ({ path: 'site.css', namespace: 'docgen' }));
      b.onLoad({ filter: /.*/, namespace: 'docgen' }, (args) =>
        args.path === 'site.css' ? { contents: siteCss(config), loader: 'css' } : { contents: JSON.stringify(config), loader: 'json' },
      );
    },
  };
}

/**
 * The esbuild options of the client bundle (the dev server keeps a context of the same). Code
 * only some pages or interactions need is split into chunks loaded on demand.
 */
export function clientBuildOptions(config: ThemeConfig, external?: string[]): BuildOptions & { write: false; metafile: true } {
  return {
    entryPoints: { main: path.join(THEME_DIR, 'client', 'index.tsx'), styles: path.join(THEME_DIR, 'styles', 'index.css') },
    bundle: true,
    splitting: true,
    minify: true,
    write: false,
    metafile: true,
    format: 'esm',
    jsx: 'automatic',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: 'out',
    entryNames: 'assets/[name].[hash]',
    chunkNames: 'assets/chunk.[hash]',
    assetNames: 'assets/[name].[hash]',
    logLevel: 'silent',
    legalComments: 'none',
    plugins: [themeConfigModule(config)],
    // The size budget measures the theme's own code by leaving React out.
    external,
  };
}

/** esbuild's output as content-hashed assets; the pages load the entry points. */
export function clientAssets(result: Pick<BuildResult, 'outputFiles' | 'metafile'>): ClientAssets & { metafile: Metafile } {
  const metafile = result.metafile!;
  const files: OutputFile[] = result.outputFiles!.map((f) => ({ path: path.relative(path.resolve('out'), f.path).split(path.sep).join('/'), contents: Buffer.from(f.contents) }));
  // esbuild also marks the targets of dynamic imports as entry points: those chunks load on demand.
  const entries = Object.entries(metafile.outputs).filter(([p, o]) => o.entryPoint && !path.posix.basename(p).startsWith('chunk.'));
  const urls = (ext: string) => entries.filter(([p]) => p.endsWith(ext)).map(([p]) => `/${path.posix.relative('out', p)}`);
  return { scripts: urls('.js'), styles: urls('.css'), files, metafile };
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
export async function buildClient(config: ThemeConfig, options: { external?: string[] } = {}): Promise<ClientAssets & { metafile: Metafile }> {
  try {
    return clientAssets(await build(clientBuildOptions(config, options.external)));
  } catch (err) {
    throw themeError(err);
  }
}
