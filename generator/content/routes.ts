import path from 'node:path';
import type { SidebarGroup } from '../model.ts';

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

/** `api/tokens/index` → `/docs/api/tokens/`; `api/errors` → `/docs/api/errors`. */
export function docRoute(id: string, slug?: string): string {
  const dir = id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : '';
  if (slug) {
    if (slug.startsWith('/')) return `/docs${slug === '/' ? '/' : slug}`;
    return `/docs/${dir ? `${dir}/` : ''}${slug}`;
  }
  const base = id === 'index' ? '' : id.endsWith('/index') ? `${id.slice(0, -'/index'.length)}/` : id;
  return `/docs/${base}`;
}

/** Which of the three sidebars a doc belongs to, by its folder. */
export function groupOf(id: string): SidebarGroup {
  if (id === 'api' || id.startsWith('api/')) return 'api';
  if (id === 'sdks' || id.startsWith('sdks/')) return 'sdk';
  return 'docs';
}

/** `/docs/api/` and `/docs/api` reach the same page, as on a static host. */
export function normalizeRoute(route: string): string {
  return route.length > 1 && route.endsWith('/') ? route.slice(0, -1) : route;
}
