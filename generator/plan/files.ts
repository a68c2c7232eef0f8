import { diagramAssets } from '../diagrams/index.ts';
import { buildHeaders, nginxHeaders, siteHeaders } from '../headers/index.ts';
import { nginxMarkdownMap } from '../serve/markdown.ts';
import { buildMeta } from '../meta/index.ts';
import type { OutputFile, SearchDocuments, Site } from '../model.ts';
import type { ApiDescription } from '../openapi/model.ts';
import { descriptionFiles } from '../openapi/publish.ts';
import { publishedPaths } from '../links/site.ts';
import { cardFiles } from '../ogimage/index.ts';
import { buildRedirects } from '../redirects/index.ts';
import { makePages } from '../render/index.tsx';
import { sidebarLists } from '../render/sidebar-lists.ts';
import { searchDocumentsByVersion, versionedSearchFiles } from '../search/versions.ts';

export { makePages } from '../render/index.tsx';

/** Files published as they are: client assets, images beside the Markdown, content/static, the diagram runtime, social cards, and the files for machines. */
export function publishedFiles(site: Pick<Site, 'config' | 'content' | 'client' | 'history'> & { api?: ApiDescription | null; cardCache?: string }): OutputFile[] {
  const { content, config, api, history } = site;
  return [...pageAssets(site), ...diagramAssets(content.docs), ...buildMeta(content.docs, content.pages, config, content.sidebars, api?.operations, history), ...descriptionFiles(api ?? undefined), ...cardFiles(content, config, site.cardCache), ...sidebarLists(content.sidebars)];
}

/** What a page loads of the published files: the client bundle, the content's images, the static files. */
export function pageAssets({ content, client }: Pick<Site, 'content' | 'client'>): OutputFile[] {
  const images = [...content.assets.values()].map((a) => ({ path: a.url.slice(1), contents: a.bytes }));
  return [...client.files, ...images, ...content.staticFiles];
}

export interface StageFiles {
  stage: string;
  files: Iterable<OutputFile>;
}

/**
 * Every file of the site, stage by stage, produced lazily (a page is rendered when its contents
 * are asked for). `docgen build` writes them; `docgen dev` serves them from memory by path, so
 * a stage added here is served by the dev server too. The dev server bundles this module again
 * when the theme changes.
 */
export function emitStages(site: Site, identity: string, published = publishedFiles(site), search?: SearchDocuments, writtenDocs?: ReadonlySet<string>): StageFiles[] {
  const documents = search ?? searchDocumentsByVersion(site.content.docs, site.rendered, site.config, site.content.displayedSidebars);
  return [
    { stage: 'render', files: makePages({ ...site, identity }).all(writtenDocs) },
    { stage: 'redirects', files: buildRedirects(site.redirects, site.routes, publishedPaths(published), nginxHeaders(siteHeaders(site.config)) + nginxMarkdownMap(), site.config.baseUrl) },
    { stage: 'headers', files: buildHeaders(site.config) },
    { stage: 'search', files: versionedSearchFiles(documents) },
    { stage: 'output', files: published },
  ];
}
