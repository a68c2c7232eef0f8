import { createHash } from 'node:crypto';
import { renderToString } from 'react-dom/server';
import { DocPage, Layout, NotFound, breadcrumbsFor, filterToc, flattenSidebar, type DocPageProps } from '../../theme/index.ts';
import { PageModuleError } from '../errors.ts';
import type { ClientAssets, Doc, OutputFile, Rendered, SidebarNode, SiteConfig, SiteContent } from '../model.ts';
import { documentHtml, pageTitle } from './head.ts';

export { escapeHtml } from './head.ts';

/** `/docs/api/` → `docs/api/index.html`; `/docs/api/errors` → `docs/api/errors/index.html`. */
export function htmlPathFor(route: string): string {
  const trimmed = route.replace(/^\/|\/$/g, '');
  return trimmed ? `${trimmed}/index.html` : 'index.html';
}

/** `/docs/api/tokens/` → `docs/api/tokens.md`: the source published beside the page. */
export function markdownPathFor(route: string): string {
  return `${route.replace(/^\/|\/$/g, '')}.md`;
}

// Previous/next come from the sidebar in reading order: flattened once per sidebar, not per page.
const flatCache = new WeakMap<object, { order: ReturnType<typeof flattenSidebar>; at: Map<string, number> }>();
function flatOf(sidebar: SidebarNode[]) {
  let flat = flatCache.get(sidebar);
  if (!flat) {
    const order = flattenSidebar(sidebar);
    flat = { order, at: new Map(order.map((p, i) => [p.id, i] as const).reverse()) };
    flatCache.set(sidebar, flat);
  }
  return flat;
}

function docProps(doc: Doc, rendered: Rendered, content: SiteContent, config: SiteConfig): DocPageProps {
  const sidebar = doc.displayedSidebar ? (content.sidebars[doc.displayedSidebar] ?? null) : null;
  const fm = doc.frontMatter;
  const min = fm.toc_min_heading_level ?? config.tableOfContents.minHeadingLevel;
  const max = fm.toc_max_heading_level ?? config.tableOfContents.maxHeadingLevel;
  const { order: flat, at: index } = sidebar ? flatOf(sidebar) : { order: [], at: new Map<string, number>() };
  const at = index.get(doc.id) ?? -1;
  return {
    title: doc.title,
    hideTitle: fm.hide_title === true,
    badges: fm.badges ?? [],
    html: rendered.html(),
    toc: fm.hide_table_of_contents ? [] : filterToc(rendered.toc, min, max),
    sidebar,
    breadcrumbs: (sidebar && breadcrumbsFor(sidebar, doc.id)) || [],
    previous: at > 0 ? flat[at - 1] : undefined,
    next: at >= 0 && at < flat.length - 1 ? flat[at + 1] : undefined,
    sourceHref: `/${markdownPathFor(doc.route)}`,
  };
}

/**
 * Everything shared by all doc pages that can change their HTML: the generator and theme, the
 * config (navbar resolved), the client assets, and every image's URL (images resolve to them).
 * The sidebar shown and the routes of relative links are in each page's own key: a new label in
 * one sidebar re-renders only the pages that show it, a new doc only the pages that list it.
 */
function siteKey(content: SiteContent, config: SiteConfig, assets: ClientAssets, identity: string): string {
  return createHash('sha256')
    .update(identity)
    .update(JSON.stringify(config))
    .update(JSON.stringify([assets.scripts, assets.styles]))
    .update(JSON.stringify([...content.assets.values()].map((a) => a.url)))
    .digest('hex');
}

/**
 * The render stage: every doc, page and the 404 page as complete HTML documents, produced one
 * at a time so the output stage can write each before the next is rendered.
 */
export function* renderPages(content: SiteContent, rendered: Rendered[], siteConfig: SiteConfig, assets: ClientAssets, identity: string): Generator<OutputFile> {
  const config = { ...siteConfig, navbar: { ...siteConfig.navbar, items: content.navbar } };
  const site = siteKey(content, config, assets, identity);
  const sidebarKeys = new Map(Object.entries(content.sidebars).map(([id, nodes]) => [id, createHash('sha256').update(JSON.stringify(nodes)).digest('hex')]));
  for (const [i, doc] of content.docs.entries()) {
    const { body: _body, raw: _raw, ...docFields } = doc;
    yield {
      path: htmlPathFor(doc.route),
      key: createHash('sha256')
        .update(site)
        .update(JSON.stringify(docFields))
        .update((doc.displayedSidebar && sidebarKeys.get(doc.displayedSidebar)) || '')
        .update(rendered[i].key)
        .digest('hex')
        .slice(0, 24),
      contents: () => {
        const props = docProps(doc, rendered[i], content, config);
        const app = renderToString(
          <Layout config={config} route={doc.route}>
            <DocPage {...props} route={doc.route} />
          </Layout>,
        );
        const head = { title: pageTitle(doc.title, config.title), description: doc.description, keywords: doc.frontMatter.keywords, route: doc.route };
        return documentHtml(config, head, app, assets);
      },
    };
  }
  for (const page of content.pages) {
    const Page = page.component;
    let app: string;
    try {
      app = renderToString(
        <Layout config={config} route={page.route}>
          <main id="main-content" className="page">
            <Page />
          </main>
        </Layout>,
      );
    } catch (err) {
      throw new PageModuleError(`threw while rendering: ${(err as Error).message}`, { file: page.source }, 'fix the component so it renders on the server', { cause: err });
    }
    const head = { title: pageTitle(page.meta.title, config.title), description: page.meta.description ?? config.tagline, route: page.route };
    yield { path: htmlPathFor(page.route), contents: documentHtml(config, head, app, assets) };
  }
  const notFound = renderToString(
    <Layout config={config} route="/404">
      <NotFound />
    </Layout>,
  );
  yield { path: '404.html', contents: documentHtml(config, { title: pageTitle('Page Not Found', config.title), route: '/404', noindex: true }, notFound, assets) };
}
