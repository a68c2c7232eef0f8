import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../errors.ts';

/** The previous site's sitemap, and how messages name it. */
export interface PreviousSitemap {
  source: string;
  xml: string;
}

const TIMEOUT_MS = 15_000;

async function download(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
  } catch (err) {
    throw new ConfigError(`cannot fetch the previous sitemap ${url}: ${(err as Error).message}`, undefined, 'check the URL and the network, or pass a saved copy: --previous sitemap.xml', { cause: err });
  }
  if (!response.ok) throw new ConfigError(`cannot fetch the previous sitemap ${url}: HTTP ${response.status}`, undefined, 'pass the URL of the production sitemap.xml, or a saved copy: --previous sitemap.xml');
  return response.text();
}

/**
 * The sitemap the moved-page check compares with: `given` (a URL or a file relative to the
 * site, from --previous or the config) or else the output folder's, which the last build wrote
 * and which is replaced only once this build succeeds. Undefined: nothing to compare with (a
 * first build). A given sitemap that cannot be read fails the build: the check was asked for.
 */
export async function readPreviousSitemap(root: string, outDir: string, given?: string): Promise<PreviousSitemap | undefined> {
  if (given && /^https?:\/\//i.test(given)) return { source: given, xml: await download(given) };
  if (given) {
    const file = path.resolve(root, given);
    if (!existsSync(file)) throw new ConfigError(`the previous sitemap ${given} does not exist`, undefined, 'pass a file saved from the production site, or its URL: --previous https://…/sitemap.xml');
    return { source: path.relative(root, file) || given, xml: readFileSync(file, 'utf8') };
  }
  const file = path.join(outDir, 'sitemap.xml');
  if (!existsSync(file)) return undefined;
  return { source: path.relative(root, file), xml: readFileSync(file, 'utf8') };
}
