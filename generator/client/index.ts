import { build, type Metafile, type Plugin } from 'esbuild';
import path from 'node:path';
import { DocgenError } from '../errors.ts';
import type { ClientAssets, OutputFile } from '../model.ts';
import { DOCGEN_ROOT } from '../modules.ts';
import type { ThemeConfig } from '../../theme/types.ts';

const THEME = path.join(DOCGEN_ROOT, 'theme');

/** `import config from 'docgen:theme-config'` in the theme resolves to the site's config. */
function themeConfigModule(config: ThemeConfig): Plugin {
  return {
    name: 'docgen-theme-config',
    setup(b) {
      b.onResolve({ filter: /^docgen:theme-config$/ }, () => ({ path: 'theme-config', namespace: 'docgen' }));
      b.onLoad({ filter: /.*/, namespace: 'docgen' }, () => ({ contents: JSON.stringify(config), loader: 'json' }));
    },
  };
}

/**
 * The client stage: bundle the theme's browser code and CSS into content-hashed assets. Code
 * only some pages or interactions need is split into chunks loaded on demand.
 */
export async function buildClient(config: ThemeConfig, options: { external?: string[] } = {}): Promise<ClientAssets & { metafile: Metafile }> {
  try {
    const result = await build({
      entryPoints: { main: path.join(THEME, 'client', 'index.tsx'), styles: path.join(THEME, 'styles', 'index.css') },
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
      external: options.external,
    });
    const files: OutputFile[] = result.outputFiles.map((f) => ({ path: path.relative(path.resolve('out'), f.path).split(path.sep).join('/'), contents: Buffer.from(f.contents) }));
    const entries = Object.entries(result.metafile.outputs).filter(([, o]) => o.entryPoint);
    const urls = (ext: string) => entries.filter(([p]) => p.endsWith(ext)).map(([p]) => `/${path.posix.relative('out', p)}`);
    return { scripts: urls('.js'), styles: urls('.css'), files, metafile: result.metafile };
  } catch (err) {
    const first = (err as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
    throw new DocgenError(
      `theme does not compile: ${first?.text ?? (err as Error).message}`,
      first?.location ? { file: path.relative(process.cwd(), path.resolve(first.location.file)), line: first.location.line, column: first.location.column + 1 } : { file: 'theme/' },
      'fix the theme source and build again',
    );
  }
}
