import type { BuildOptions, BuildResult, Metafile } from 'esbuild';
import path from 'node:path';
import type { ThemeConfig } from '../../common/config.ts';
import type { ServerTheme } from '../../common/theme.ts';
import { compileCached, type CompileCache } from '../esbuild/cached.ts';
import { cacheDir, programEntry, type Blame } from '../esbuild/index.ts';
import { DocgenError } from '../errors.ts';
import type { ClientAssets, OutputFile } from '../model.ts';
import { DOCGEN_ROOT } from '../root.ts';
import { siteAssets } from './site.ts';

export { themeConfig } from './config.ts';
export { siteCss } from './site.ts';

export const THEME_DIR = path.join(DOCGEN_ROOT, 'theme');

/** The entry name of an island's script: `island-<component>`. */
const ISLAND_PREFIX = 'island-';

/**
 * The esbuild options of the client bundle (the dev server keeps a context of the same). Code
 * only some pages or interactions need is split into chunks loaded on demand. Nothing of the
 * site is in it but its islands: the config and its colours are the site's assets (site.ts).
 */
export function clientBuildOptions(external?: string[], islands: Record<string, string> = {}): BuildOptions & { write: false; metafile: true } {
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
    // The size budget measures the theme's own code by leaving React out.
    external,
  };
}

/** The bundle's part of the client assets. */
export type BrowserAssets = Omit<ClientAssets, 'theme' | 'themeKey' | 'config'> & { metafile: Metafile };

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

/**
 * Where the client bundle is kept between builds. Without islands it is docgen's theme alone, the
 * same for every site: it is kept with docgen's own compiled code, as the CLI bundle is, so a
 * site's cold build does not compile it again. With the site's islands, in the site's cache.
 * Without a site cache (`--no-cache`) it is compiled each time.
 */
export function clientCache(islands: Record<string, string>, siteDir: string | undefined): CompileCache | undefined {
  if (siteDir === undefined) return undefined;
  return { dir: Object.keys(islands).length ? siteDir : cacheDir(DOCGEN_ROOT, 'client'), key: 'client' };
}

/** The bundle's assets with the site's (site.ts): its config script, and its stylesheet after the theme's. */
export function withSiteAssets(bundle: BrowserAssets, config: ThemeConfig): BrowserAssets & Pick<ClientAssets, 'config'> {
  const site = siteAssets(config);
  return { ...bundle, config: site.config, styles: site.style ? [...bundle.styles, site.style] : bundle.styles, files: [...bundle.files, ...site.files] };
}

/** The client stage: the theme's browser code and CSS as content-hashed assets, the site's config and colours beside them, and the theme's server half. */
export async function buildClient(config: ThemeConfig, options: { external?: string[]; islands?: Record<string, string>; cacheDir?: string } = {}): Promise<ClientAssets & { metafile: Metafile }> {
  const islands = options.islands ?? {};
  const [result, server] = await Promise.all([compileCached(clientBuildOptions(options.external, islands), themeBlame(), clientCache(islands, options.cacheDir)), loadServerTheme()]);
  return { ...withSiteAssets(clientAssets(result), config), ...server };
}
