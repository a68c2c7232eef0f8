import { createHash } from 'node:crypto';
import type { OutputFile, SiteConfig } from '../model.ts';
import { STUB_SCRIPT } from '../redirects/index.ts';
import { baseUrlBannerScript, colorModeScript } from '../render/head.ts';

/**
 * Every inline script docgen writes, as its exact text: the colour-mode script in each page's
 * head, the base-URL banner, and the one script of every redirect stub. JSON data scripts do
 * not run and need no hash.
 */
export function inlineScripts(config: SiteConfig): string[] {
  return [colorModeScript(config), baseUrlBannerScript(config.baseUrl), STUB_SCRIPT];
}

/** The CSP source that allows one inline script: the SHA-256 of its text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The origin of an absolute http(s) URL, or nothing for a path of the site. */
function origin(src: string | undefined): string[] {
  if (!src || !/^https?:\/\//i.test(src)) return [];
  try {
    return [new URL(src).origin];
  } catch {
    return [];
  }
}

const unique = (list: string[]) => [...new Set(list)].sort();

/**
 * The site's Content-Security-Policy: scripts from the site itself, docgen's inline scripts by
 * hash and the configured vendor scripts' hosts (which may also fetch, frame and show images
 * from there), and fetches to the feedback endpoint; styles from the site's stylesheet only (no
 * inline `style`); no plugins; no `<base>` elsewhere; forms and framing by the site itself only.
 */
export function contentSecurityPolicy(config: SiteConfig): string {
  const vendors = unique(config.scripts.flatMap((s) => origin(s.src)));
  const { navbar, footer } = config;
  const images = unique([navbar.logo, footer.logo].flatMap((l) => (l ? [l.src, l.srcDark, l.srcMobile].flatMap(origin) : [])).concat(vendors));
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...unique(inlineScripts(config).map(scriptHash)), ...vendors],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:', ...images],
    ['connect-src', "'self'", ...unique(vendors.concat(origin(config.feedback?.endpoint)))],
    ['frame-src', "'self'", ...vendors],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** The headers every response of the site gets from a host. */
export function siteHeaders(config: SiteConfig): [string, string][] {
  return [['Content-Security-Policy', contentSecurityPolicy(config)]];
}

/** Netlify / Cloudflare Pages `_headers`: the site's headers on every path. */
export function netlifyHeaders(headers: [string, string][]): string {
  return `/*\n${headers.map(([name, value]) => `  ${name}: ${value}\n`).join('')}`;
}

/**
 * The same headers as nginx `add_header` lines, for the http block the redirect map is
 * included in (`always`: error pages too). nginx drops inherited `add_header`s in a block that
 * sets its own, so a server or location block with its own must repeat them.
 */
export function nginxHeaders(headers: [string, string][]): string {
  return headers.map(([name, value]) => `add_header ${name} "${value.replace(/["\\]/g, '\\$&')}" always;\n`).join('');
}

/** The headers stage: `_headers` for static hosts (nginx gets them in the redirect map's file). */
export function buildHeaders(config: SiteConfig): OutputFile[] {
  return [{ path: '_headers', contents: netlifyHeaders(siteHeaders(config)) }];
}
