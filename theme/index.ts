/** What the render stage uses from the theme. */
export { App } from './components/App/index.tsx';
export { NavbarItem } from './components/NavbarItem/index.tsx';
export { itemsFromSidebar, PrunedItemsContext } from './components/Sidebar/pruned.ts';
export { breadcrumbsFor, filterToc, flattenSidebar, pruneSidebar } from './helpers.ts';
export type { DocPageProps, PageData, RouteChunk, ThemeConfig } from './types.ts';
export { chunkPathFor } from './runtime/paths.ts';
