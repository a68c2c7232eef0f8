import { readFileSync } from 'node:fs';
import path from 'node:path';

const CANONICAL = /<link rel="canonical" href="([^"]+)">/;

/**
 * The base URL a finished build was made for, read from its not-found page (whose canonical URL
 * is the site's URL, the base, then `404`): `docgen serve` and `docgen check` only read the build,
 * not the config. A build without one, or with a canonical URL it does not recognise, is served at `/`.
 */
export function buildBaseUrl(dir: string): string {
  let html: string;
  try {
    html = readFileSync(path.join(dir, '404.html'), 'utf8');
  } catch {
    return '/';
  }
  const href = CANONICAL.exec(html)?.[1];
  if (!href) return '/';
  try {
    const pathname = new URL(href.replace(/&amp;/g, '&')).pathname;
    return pathname.endsWith('/404') ? pathname.slice(0, -'404'.length) : '/';
  } catch {
    return '/';
  }
}
