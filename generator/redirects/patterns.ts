/**
 * Pattern redirects, in the syntax Netlify and Cloudflare Pages read in `_redirects`: a `from`
 * segment `:name` matches one path segment, a last segment `*` the rest of the path, and `to`
 * repeats them as `:name` and `:splat` (`/concepts/:slug` → `/docs/concepts/:slug`).
 */

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
const PLACEHOLDER = new RegExp(`^:(${NAME})$`);
const TOKEN = new RegExp(`:(${NAME})`, 'g');
const HAS_TOKEN = new RegExp(`:${NAME}`);

/** The `*` of a `from` is `:splat` in its `to`, as on Netlify. */
export const SPLAT = 'splat';

/** What a pattern's path may end with on a host: a slash, or an `.html` form of the page. */
const SUFFIX = '(?:/|\\.html|/index\\.html)?';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The segments of a path, without the leading and trailing slash. */
function segments(path: string): string[] {
  const parts = path.split('/').slice(1);
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** True when `from` has a `:name` segment or a `*` last segment. */
export function isPattern(from: string): boolean {
  return segments(from).some((s) => s === '*' || PLACEHOLDER.test(s));
}

/** The placeholder names of a pattern `from`, in order (`*` is `splat`). */
export function placeholders(from: string): string[] {
  return segments(from).flatMap((s) => (s === '*' ? [SPLAT] : (PLACEHOLDER.exec(s)?.slice(1, 2) ?? [])));
}

const pathPart = (url: string) => url.split(/[?#]/)[0];

/** The placeholders `to` names in its path, in order of appearance. */
function named(to: string): string[] {
  return [...pathPart(to).matchAll(TOKEN)].map((m) => m[1]);
}

/**
 * Why a `from`/`to` pair is not a valid pattern redirect, naming the field at fault; undefined
 * when it is one, or when it is a plain redirect. `to` must name every placeholder of `from`:
 * a stub is written for each page `to` matches, so each old path must follow from the page.
 */
export function patternProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | undefined {
  if (!isPattern(from)) {
    const stray = segments(pathPart(to)).find((s) => PLACEHOLDER.test(s));
    return stray ? { field: 'to', message: `unknown placeholder "${stray}": "from" (${JSON.stringify(from)}) has none` } : undefined;
  }
  const parts = segments(from);
  const names: string[] = [];
  for (const [i, s] of parts.entries()) {
    if (s === '*' && i < parts.length - 1) return { field: 'from', message: `${JSON.stringify(from)}: "*" may only be the last segment (it matches the rest of the path)` };
    const name = s === '*' ? SPLAT : PLACEHOLDER.exec(s)?.[1];
    if (name === undefined && (s.includes('*') || HAS_TOKEN.test(s))) {
      return { field: 'from', message: `${JSON.stringify(from)}: a placeholder is a whole segment ("/:name/" or a last "/*")` };
    }
    if (name !== undefined && names.includes(name)) return { field: 'from', message: `${JSON.stringify(from)}: placeholder ":${name}" appears twice` };
    if (name !== undefined) names.push(name);
  }
  const unknown = named(to).find((n) => !names.includes(n));
  if (unknown !== undefined) return { field: 'to', message: `unknown placeholder ":${unknown}" (${JSON.stringify(from)} has ${names.map((n) => `:${n}`).join(', ')})` };
  const unused = names.find((n) => !named(to).includes(n));
  if (unused !== undefined) {
    return { field: 'from', message: `placeholder ":${unused}" is not used in "to": a stub is written for every page "to" matches, so "to" must name each placeholder` };
  }
  return undefined;
}

/**
 * A regular expression matching the paths `from` redirects, in any spelling a host sees (a
 * trailing slash, `.html`, `/index.html`), capturing each placeholder in order.
 */
export function fromRegex(from: string): string {
  const parts = segments(from).map((s) => (s === '*' ? '(.+?)' : PLACEHOLDER.test(s) ? '([^/]+?)' : escapeRegex(s)));
  return `^/${parts.join('/')}${SUFFIX}$`;
}

/** `template` with each `:name` replaced by `values(name)`. */
export function fill(template: string, values: (name: string) => string): string {
  const i = template.search(/[?#]/);
  const [path, rest] = i < 0 ? [template, ''] : [template.slice(0, i), template.slice(i)];
  return path.replace(TOKEN, (_m, name: string) => values(name)) + rest;
}

/**
 * Every expansion of a pattern redirect over the site's pages: each page (a normalized route)
 * that `to` matches gives the old path `from` with the same placeholder values.
 */
export function expandPattern(from: string, to: string, pages: string[]): { from: string; to: string }[] {
  const target = pathPart(to).replace(/(.)\/$/, '$1');
  const order = named(target);
  const source = target
    .split(TOKEN)
    .map((part, i) => (i % 2 === 0 ? escapeRegex(part) : part === SPLAT ? '(.+)' : '([^/]+)'))
    .join('');
  const matcher = new RegExp(`^${source}$`);
  const out: { from: string; to: string }[] = [];
  for (const page of pages) {
    const m = matcher.exec(page);
    if (!m) continue;
    const values = new Map(order.map((name, i) => [name, m[i + 1]]));
    // A name used twice in `to` must have matched the same text both times.
    if (fill(target, (n) => values.get(n)!) !== page) continue;
    out.push({ from: fill(from.replace(/\/\*$/, `/:${SPLAT}`), (n) => values.get(n)!), to: fill(to, (n) => values.get(n)!) });
  }
  return out;
}
