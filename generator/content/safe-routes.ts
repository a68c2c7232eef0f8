import { ContentError } from '../errors.ts';
import type { DocFrontMatter } from '../model.ts';
import { unsafePathProblem } from '../routes/safe.ts';

const SLUG_HINT = 'a slug is a path below the docs\' route base ("/docs" unless the config\'s docs.routeBase says otherwise): "/x" gives /docs/x, "x" replaces the file name; use letters, digits, "-", "_" and "/"';

export interface FrontMatterSource {
  /** The doc's file, relative to the site root. */
  file: string;
  /** The line of a front matter key in the file, when it is there. */
  line: (key: string) => number | undefined;
}

/**
 * Refuse a doc whose route would leave the output folder, the site or its own folder (a slug
 * of `..` silently replaced the /docs/ page; `../../../README` wrote over the project's README).
 * The content stage checks it before anything is written; the error points at the `slug` or
 * `id` that made the route, else at the file whose name did.
 */
export function checkDocRoute(route: string, frontMatter: DocFrontMatter, source: FrontMatterSource): void {
  const slug = frontMatter.slug;
  const slugProblem = slug === undefined ? undefined : unsafePathProblem(slug);
  const problem = slugProblem ?? unsafePathProblem(route);
  if (!problem) return;
  const at = (key: string) => ({ file: source.file, line: source.line(key) ?? 1, column: 1 });
  if (slug !== undefined) {
    throw new ContentError(`front matter "slug": ${JSON.stringify(slug)} ${slugProblem ?? `gives the route ${route}, which ${problem}`}; a page must stay inside the site`, at('slug'), SLUG_HINT);
  }
  if (frontMatter.id !== undefined) {
    throw new ContentError(`front matter "id": ${JSON.stringify(frontMatter.id)} gives the route ${route}, which ${problem}`, at('id'), 'an id replaces the file name: use letters, digits, "-", "_" and "." (not "." or ".." alone)');
  }
  throw new ContentError(`the file's name gives the route ${route}, which ${problem}`, { file: source.file, line: 1, column: 1 }, 'rename the file or its folder');
}

/** Refuse a page module whose file name makes a route outside the site's folder (`...tsx` is `/..`). */
export function checkPageRoute(route: string, file: string): void {
  const problem = unsafePathProblem(route);
  if (problem) throw new ContentError(`the file's name gives the route ${route}, which ${problem}`, { file, line: 1, column: 1 }, 'rename the file');
}
