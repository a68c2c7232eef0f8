import { createHash } from 'node:crypto';
import path from 'node:path';

/** An output folder's name among the files kept per output. */
const outDirKey = (outDir: string) => createHash('sha256').update(outDir).digest('hex').slice(0, 16);

/** Everything docgen keeps between builds of a site lives under its node_modules/.cache/docgen. */
function siteCache(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'docgen');
}

/** Rendered Markdown, two files per doc (see markdown/cache.ts). */
export function markdownCacheDir(root: string): string {
  return path.join(siteCache(root), 'markdown');
}

/** The OpenAPI description parsed and validated, and the example check's findings (see openapi/cache.ts). */
export function openapiCacheDir(root: string): string {
  return path.join(siteCache(root), 'openapi');
}

/** Keys of the files the last build wrote into `outDir` (see output/index.ts). */
export function outputManifestFile(root: string, outDir: string): string {
  return path.join(siteCache(root), 'output', `${outDirKey(outDir)}.json`);
}

/** What the last successful build into `outDir` read, wrote and reported (see uptodate/index.ts). */
export function buildStampFile(root: string, outDir: string): string {
  return path.join(siteCache(root), 'stamp', `${outDirKey(outDir)}.json`);
}

/** esbuild's output for the site's config and the theme's client bundle (see esbuild/cached.ts). */
export function esbuildCacheDir(root: string): string {
  return path.join(siteCache(root), 'esbuild');
}

/** Social cards (PNG), one file per card content (see ogimage/). */
export function cardCacheDir(root: string): string {
  return path.join(siteCache(root), 'og');
}
