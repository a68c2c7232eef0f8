/** A request's path, decoded and checked: `rel` is relative to the site folder. */
export interface RequestPath {
  /** Decoded, with one slash between segments, e.g. `/docs/guide/`. */
  pathname: string;
  /** The same without the leading slash, e.g. `docs/guide/`. */
  rel: string;
  /** What followed `?`, without it ('' when none). */
  query: string;
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Parse a request target so that it can only name a file inside the site: every segment is
 * decoded on its own, and one that decodes to `.` or `..`, or holds a slash, a backslash or a NUL
 * (`%2e%2e`, `%2f`, `%5c`, `%00`), makes the request bad (null → 400). Empty segments are
 * dropped, so `//etc/passwd` is `etc/passwd` inside the site.
 */
export function parseRequestPath(target: string): RequestPath | null {
  let url = target;
  if (ABSOLUTE_FORM.test(url)) {
    try {
      const parsed = new URL(url);
      url = parsed.pathname + parsed.search;
    } catch {
      return null;
    }
  }
  if (!url.startsWith('/')) return null;
  const q = url.indexOf('?');
  const rawPath = (q === -1 ? url : url.slice(0, q)).split('#')[0];
  const query = q === -1 ? '' : url.slice(q + 1).split('#')[0];
  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    if (raw === '') continue;
    let seg: string;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (seg === '.' || seg === '..' || /[/\\\0]/.test(seg)) return null;
    segments.push(seg);
  }
  const trailing = rawPath.endsWith('/') && segments.length > 0 ? '/' : '';
  const rel = segments.join('/') + trailing;
  return { pathname: `/${rel}`, rel, query };
}

/** The files a static host tries for a path: `a/b` → `a/b`, `a/b/index.html`; `a/b/` → `a/b/index.html`. */
export function candidates(rel: string): string[] {
  if (rel === '' || rel.endsWith('/')) return [`${rel}index.html`];
  return [rel, `${rel}/index.html`];
}
