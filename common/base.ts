/**
 * The site's base URL (`baseUrl` in site.config.ts: `/`, or a path such as `/developers/`).
 * Routes, sidebar and navbar links and asset URLs stay base-free everywhere inside docgen; the
 * base is added by these functions where a URL is written into a file or the address bar, and
 * taken off where a request or an address is read. With the base `/` every one of them is the
 * identity, so a site served at the root is written exactly as without them.
 */

/** A path of the site, written from its root (`/docs/a`), as opposed to `//host/x`, `https:`, `#a`, `a/b`. */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** `/docs/a#b` under `/developers/` → `/developers/docs/a#b`; any other URL is left as it is. */
export function withBase(base: string, url: string): string {
  if (base === '/' || !isSitePath(url)) return url;
  return base + url.slice(1);
}

/**
 * The path inside the site of a requested pathname, or null when it lies outside the base:
 * `/developers/docs/a` → `/docs/a`; the base without its trailing slash is the site's root.
 */
export function stripBase(base: string, pathname: string): string | null {
  if (base === '/') return pathname.startsWith('/') ? pathname : null;
  if (pathname === base.slice(0, -1)) return '/';
  return pathname.startsWith(base) ? pathname.slice(base.length - 1) : null;
}

/** The full URL of a path of the site: `https://example.com` + `/developers/` + `/docs/a`. */
export function absoluteUrl(siteUrl: string, base: string, path: string): string {
  return `${siteUrl.replace(/\/$/, '')}${withBase(base, path)}`;
}

// Code is left alone: an `href="/x"` there is text the page shows, not a link.
const HTML_SITE_URL = /<(pre|code)\b[\s\S]*?<\/\1>|(\s(?:href|src)=")(\/(?!\/)[^"]*)"/g;

/**
 * HTML written by hand (Markdown, raw HTML in it, React pages) with the base added to its
 * links and images that name a path of the site.
 */
export function withBaseInHtml(base: string, html: string): string {
  if (base === '/') return html;
  return html.replace(HTML_SITE_URL, (all, _code: string | undefined, attr: string | undefined, url: string | undefined) =>
    attr === undefined ? all : `${attr}${withBase(base, url!)}"`,
  );
}
