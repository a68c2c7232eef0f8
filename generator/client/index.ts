import type { BuildOptions, BuildResult, Metafile, Plugin } from 'esbuild';
import path from 'node:path';
import type { ThemeConfig } from '../../common/config.ts';
import type { ServerTheme } from '../../common/theme.ts';
import { compileCached } from '../esbuild/cached.ts';
import { programEntry, type Blame } from '../esbuild/index.ts';
import { DocgenError } from '../errors.ts';
import type { ClientAssets, OutputFile } from '../model.ts';
import { DOCGEN_ROOT } from '../root.ts';

export { themeConfig } from './config.ts';

export const THEME_DIR = path.join(DOCGEN_ROOT, 'theme');

/** The entry name of an island's script: `island-<component>`. */
const ISLAND_PREFIX = 'island-';

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
 * `@import 'docgen:site.css'` in its CSS to the config's colours (siteCss). A config still to
 * come (the dev server's early start) holds only these two modules: esbuild reads the rest meanwhile.
 */
function themeConfigModule(config: ThemeConfig | Promise<ThemeConfig>): Plugin {
  return {
    name: 'docgen-theme-config',
    setup(b) {
      b.onResolve({ filter: /^docgen:theme-config$/ }, () => ({ path: 'theme-config', namespace: 'docgen' }));
      b.onResolve({ filter: /^docgen:site\.css$/ }, () => ({ path: 'site.css', namespace: 'docgen' }));
      b.onLoad({ filter: /.*/, namespace: 'docgen' }, async (args) => {
        const known = await config;
        return args.path === 'site.css' ? { contents: siteCss(known), loader: 'css' } : { contents: JSON.stringify(known), loader: 'json' };
      });
    },
  };
}

/**
 * The esbuild options of the client bundle (the dev server keeps a context of the same). Code
 * only some pages or interactions need is split into chunks loaded on demand.
 */
export function clientBuildOptions(config: ThemeConfig | Promise<ThemeConfig>, external?: string[], islands: Record<string, string> = {}): BuildOptions & { write: false; metafile: true } {
  // Each island (an interactive component of the site) is an entry of its own, sharing React with the theme's.
  const islandEntries = Object.fromEntries(Object.entries(islands).map(([name, file]) => [`${ISLAND_PREFIX}${name}`, file]));
  return {
    entryPoints: { main: path.join(THEME_DIR, 'client', 'index.tsx'), styles: path.join(THEME_DIR, 'styles', 'index.css'), ...islandEntries },
    alias: { docgen: path.join(THEME_DIR, 'components', 'Islands', 'docgen.ts') },
    // A site's components import React as the theme does: docgen's own, one copy.
    nodePaths: [path.join(DOCGEN_ROOT, 'node_modules')],
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

export type BrowserAssets = Omit<ClientAssets, 'theme' | 'themeKey'> & { metafile: Metafile };

/** esbuild's output as content-hashed assets; the pages load the entry points. */
export function clientAssets(result: Pick<BuildResult, 'outputFiles' | 'metafile'>): BrowserAssets {
  const metafile = result.metafile!;
  const files: OutputFile[] = result.outputFiles!.map((f) => ({ path: path.relative(path.resolve('out'), f.path).split(path.sep).join('/'), contents: Buffer.from(f.contents) }));
  // esbuild also marks the targets of dynamic imports as entry points: those chunks load on demand.
  const entries = Object.entries(metafile.outputs).filter(([p, o]) => o.entryPoint && !path.posix.basename(p).startsWith('chunk.'));
  const url = (p: string) => `/${path.posix.relative('out', p)}`;
  const island = (p: string) => path.posix.basename(p).startsWith(ISLAND_PREFIX);
  const urls = (ext: string) => entries.filter(([p]) => p.endsWith(ext) && !island(p)).map(([p]) => url(p));
  // Islands load only on the pages that have one (theme/components/Islands), not with every page.
  const islands = Object.fromEntries(entries.filter(([p]) => island(p) && p.endsWith('.js')).map(([p]) => [path.posix.basename(p).slice(ISLAND_PREFIX.length).replace(/\.[^.]+\.js$/, ''), url(p)]));
  return { scripts: urls('.js'), styles: urls('.css'), files, metafile, ...(Object.keys(islands).length ? { islands } : {}) };
}

/** How a theme that does not compile is reported (locations relative to where docgen runs). */
export function themeBlame(): Blame {
  return { root: process.cwd(), file: 'theme/', prefix: 'theme does not compile: ', hint: 'fix the theme source and build again' };
}

/** How a theme that throws as its server half loads is reported. */
export const THEME_LOAD_BLAME = { file: 'theme/', prefix: 'theme throws while loading: ', hint: 'fix the theme module named in the message' };

/** The theme's server half (theme/server.tsx), as the CLI bundle holds it or built from the sources. */
export async function loadServerTheme(): Promise<Pick<ClientAssets, 'theme' | 'themeKey'>> {
  const url = programEntry('theme', new URL('./theme.js', import.meta.url));
  try {
    const { serverTheme } = (await import(url.href)) as { serverTheme: ServerTheme };
    return { theme: serverTheme, themeKey: path.basename(path.dirname(url.pathname)) };
  } catch (err) {
    const { file, prefix, hint } = THEME_LOAD_BLAME;
    throw new DocgenError(`${prefix}${(err as Error).message}`, { file }, hint, { cause: err });
  }
}

/** The client stage: the theme's browser code and CSS as content-hashed assets, and its server half. */
export async function buildClient(config: ThemeConfig, options: { external?: string[]; islands?: Record<string, string>; cacheDir?: string } = {}): Promise<ClientAssets & { metafile: Metafile }> {
  // The config is what the plugin's virtual modules (theme config, site.css) are made of.
  const cache = options.cacheDir === undefined ? undefined : { dir: options.cacheDir, key: `client:${JSON.stringify(config)}` };
  const [result, server] = await Promise.all([compileCached(clientBuildOptions(config, options.external, options.islands), themeBlame(), cache), loadServerTheme()]);
  return { ...clientAssets(result), ...server };
}
