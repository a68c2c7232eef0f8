/** Where a route's files go in the output, apart from the renderer so light modules can ask. */
import { chunkPathFor } from '../../common/chunks.ts';

/** `/docs/api/` → `docs/api/index.html`; `/docs/api/errors` → `docs/api/errors/index.html`. */
export function htmlPathFor(route: string): string {
  const trimmed = route.replace(/^\/|\/$/g, '');
  return trimmed ? `${trimmed}/index.html` : 'index.html';
}

/**
 * `/docs/api/tokens/` → `docs/api/tokens.html`: where a host without rules looks for the page's
 * `.html` form; none for the root, whose `.html` form is its own `index.html`.
 */
export function htmlFormFor(route: string): string | undefined {
  const trimmed = route.replace(/^\/|\/$/g, '');
  return trimmed ? `${trimmed}.html` : undefined;
}

/** The paths of a route's page files (the render stage's HTML, its `.html` form, its route chunk), without making them. */
export function pagePathsFor(route: string): string[] {
  const form = htmlFormFor(route);
  return [htmlPathFor(route), ...(form ? [form] : []), chunkPathFor(route)];
}

/** `/docs/api/tokens/` → `docs/api/tokens.md`: the source published beside the page. */
export function markdownPathFor(route: string): string {
  return `${route.replace(/^\/|\/$/g, '')}.md`;
}

/**
 * A page's own document among output files (`index.html` in a route's folder, `404.html`):
 * not the copy at its `.html` form, which changes with it.
 */
export function isPageFile(file: string): boolean {
  return /(^|\/)(index|404)\.html$/.test(file);
}
