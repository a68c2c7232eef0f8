import path from 'node:path';
import type { SiteConfig } from '../model.ts';

/** A relative link's target file, from the file that contains it: `content/docs/a/b.md` + `../c.md` → `content/docs/c.md`. */
export function resolveSourcePath(source: string, relative: string): string {
  let fromSource = resolved.get(source);
  if (!fromSource) {
    if (resolved.size >= 10_000) resolved.clear();
    resolved.set(source, (fromSource = new Map()));
  }
  let target = fromSource.get(relative);
  if (target === undefined) {
    target = path.posix.normalize(path.posix.join(path.posix.dirname(source), decodeURI(relative)));
    fromSource.set(relative, target);
  }
  return target;
}

// The markdown and links stages resolve every relative link, and the dev server does so after
// every edit: the same pairs, resolved once (path joins were a tenth of an edit's time).
const resolved = new Map<string, Map<string, string>>();

/**
 * A doc's route below the docs route base (`/docs`): `api/tokens/index` → `/docs/api/tokens/`,
 * `api/errors` → `/docs/api/errors`; a slug replaces the file name, or from "/" the whole path.
 */
export function docRoute(id: string, base: string, slug?: string): string {
  const dir = id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : '';
  if (slug) {
    if (slug.startsWith('/')) return `${base}${slug === '/' ? '/' : slug}`;
    return `${base}/${dir ? `${dir}/` : ''}${slug}`;
  }
  const rest = id === 'index' ? '' : id.endsWith('/index') ? `${id.slice(0, -'/index'.length)}/` : id;
  return `${base}/${rest}`;
}

/**
 * The sidebar a doc (or a folder, written with a trailing "/") belongs to by its folder: the
 * sidebar whose `dir` is the longest that holds it, or null when none does.
 */
export function groupOf(id: string, sidebars: SiteConfig['sidebars']): string | null {
  let best: string | null = null;
  let length = -1;
  for (const [name, { dir }] of Object.entries(sidebars)) {
    if (dir === undefined || dir.length <= length) continue;
    if (dir === '' || id === dir || id.startsWith(`${dir}/`)) [best, length] = [name, dir.length];
  }
  return best;
}

/** `/docs/api/` and `/docs/api` reach the same page, as on a static host. */
export function normalizeRoute(route: string): string {
  return route.length > 1 && route.endsWith('/') ? route.slice(0, -1) : route;
}
