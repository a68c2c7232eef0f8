/** What the render stage uses from the theme. */
export { Layout } from './components/Layout/index.tsx';
export { DocPage } from './components/DocPage/index.tsx';
export { NotFound } from './components/NotFound/index.tsx';
export { breadcrumbsFor, filterToc, flattenSidebar } from './helpers.ts';
export type { DocPageProps } from './types.ts';
