/**
 * Whether a URL path may name a route. Every route becomes a file of the output (and a line of
 * the host rules), so a path that climbs out of its folder, names another host or hides either
 * behind an escape would write outside the output folder or send readers off the site.
 */

const CONTROL = /[\u0000-\u001f\u007f]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** `%2e%2E` → `..`: undone up to three times, so double escapes (`%252e`) are seen through too. */
function unescape(p: string): string {
  let out = p;
  for (let i = 0; i < 3; i++) {
    const next = out.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === out) break;
    out = next;
  }
  return out;
}

function plainProblem(p: string): string | undefined {
  if (CONTROL.test(p)) return 'holds a control character';
  if (p.includes('\\')) return 'holds a backslash';
  if (SCHEME.test(p)) return 'names a URL scheme';
  if (p.startsWith('//')) return 'starts with "//" (another host)';
  const segments = p.split('/');
  const dots = segments.find((s) => s === '.' || s === '..');
  if (dots) return `has a "${dots}" segment`;
  // An empty segment anywhere but first (the leading "/") and last (a trailing "/").
  if (segments.slice(1, -1).some((s) => s === '')) return 'has an empty segment ("//")';
  return undefined;
}

/**
 * Why the path `p` (a route, a slug, a redirect's path) cannot name a route, or undefined when
 * it can: it must stay on the site and inside its folder, as written and once its `%` escapes
 * are undone (a host decodes them before it looks for the file).
 */
export function unsafePathProblem(p: string): string | undefined {
  const plain = plainProblem(p);
  if (plain) return plain;
  const decoded = unescape(p);
  if (decoded === p) return undefined;
  if (decoded.split('/').length !== p.split('/').length) return 'percent-encodes a "/"';
  const hidden = plainProblem(decoded);
  return hidden ? `${hidden} once its %-escapes are decoded` : undefined;
}
