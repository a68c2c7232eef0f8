/**
 * The stages after the Markdown, in one module that `build` imports while the Markdown renders
 * on the workers: loading them (React, the theme, lunr, the link checker) then costs this
 * thread's idle time instead of delaying the first jobs sent to the workers.
 */
export { buildClient, themeConfig } from '../client/index.ts';
export { emitStages, makePages, pageAssets, publishedFiles } from './files.ts';
export { generatorIdentity } from '../modules.ts';
export { checkSiteLinks } from '../links/site.ts';
export { routeSite } from '../routes/site.ts';
export { searchDocumentsByVersion } from '../search/versions.ts';
export { checkExamples } from '../openapi/index.ts';
export { siteIslands } from '../components/registry.ts';
