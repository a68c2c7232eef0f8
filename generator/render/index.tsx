import { badgesOf } from '../content/badges.ts';
import { createHash } from 'node:crypto';
import { renderToString } from 'react-dom/server';
import { absoluteUrl, withBase, withBaseInHtml } from '../../common/base.ts';
import { chunkPathFor, sidebarListPath } from '../../common/chunks.ts';
import type { ThemeConfig } from '../../common/config.ts';
import { breadcrumbsFor, filterToc, flattenSidebar, pruneSidebar } from '../../common/navigation.ts';
import type { DocPageProps, RouteChunk } from '../../common/page.ts';
import { windowSidebar } from '../../common/sidebar-window.ts';
import { PageModuleError } from '../errors.ts';
import type { ClientAssets, Doc, OutputFile, Rendered, RenderedDocs, SidebarNode, SiteConfig, SiteContent } from '../model.ts';
import { themeConfig } from '../client/config.ts';
import { docStructure } from '../content/structure.ts';
import { documentHtml, pageTitle, type HeadInput } from './head.ts';
import { docCard, pageCard, type Card } from '../ogimage/index.ts';
import { checkNavbarItems } from './navbar.tsx';

import { htmlFormFor, htmlPathFor, markdownPathFor } from './paths.ts';
import { versionPages, type VersionPages } from '../versions/pages.ts';
import { docPageMeta } from '../history/page.ts';
import type { PageHistory } from '../history/index.ts';
import { withLazyKey } from '../output/key.ts';

export { escapeHtml } from './head.ts';
export { htmlPathFor, markdownPathFor } from './paths.ts';


/** A sidebar in reading order, and each doc's place in it (previous/next come from there). */
type FlatSidebar = { order: ReturnType<typeof flattenSidebar>; at: Map<string, number> };

/** Flattens each sidebar once per run of the render stage, not once per page. */
function sidebarFlattener(): (sidebar: SidebarNode[]) => FlatSidebar {
  const flats = new Map<SidebarNode[], FlatSidebar>();
  return (sidebar) => {
    let flat = flats.get(sidebar);
    if (!flat) {
      const order = flattenSidebar(sidebar);
      flat = { order, at: new Map(order.map((p, i) => [p.id, i] as const).reverse()) };
      flats.set(sidebar, flat);
    }
    return flat;
  };
}

function docProps(doc: Doc, rendered: Rendered, content: SiteContent, config: ThemeConfig & Pick<SiteConfig, 'tableOfContents' | 'badges'>, flatOf: (sidebar: SidebarNode[]) => FlatSidebar): DocPageProps {
  const shown = content.displayedSidebars[doc.id];
  const sidebar = shown ? (content.sidebars[shown] ?? null) : null;
  const fm = doc.frontMatter;
  const min = fm.toc_min_heading_level ?? config.tableOfContents.minHeadingLevel;
  const max = fm.toc_max_heading_level ?? config.tableOfContents.maxHeadingLevel;
  const { order: flat, at: index } = sidebar ? flatOf(sidebar) : { order: [], at: new Map<string, number>() };
  const at = index.get(doc.id) ?? -1;
  const link = (p: (typeof flat)[number] | undefined) => p && { title: p.title, href: p.href };
  return {
    title: doc.title,
    hideTitle: fm.hide_title === true,
    badges: badgesOf(fm.badges, config.badges),
    html: rendered.html(),
    toc: fm.hide_table_of_contents ? [] : filterToc(rendered.toc, min, max),
    sidebar: sidebar && windowSidebar(pruneSidebar(sidebar, doc.route), doc.route, `/${sidebarListPath(shown!)}`),
    breadcrumbs: (sidebar && breadcrumbsFor(sidebar, doc.id)) || [],
    previous: at > 0 ? link(flat[at - 1]) : undefined,
    next: at >= 0 && at < flat.length - 1 ? link(flat[at + 1]) : undefined,
    sourceHref: `/${markdownPathFor(doc.route)}`,
    markdownUrl: absoluteUrl(config.url, config.baseUrl, `/${markdownPathFor(doc.route)}`),
  };
}

/** The scripts of the islands a doc holds, by name (none when it holds none). */
function islandScripts(names: string[] | undefined, scripts: Record<string, string> | undefined, base: string): Record<string, string> | undefined {
  const found = (names ?? []).filter((n) => scripts?.[n]);
  return found.length ? Object.fromEntries(found.map((n) => [n, withBase(base, scripts![n])])) : undefined;
}

/** A card as the page data and the head name it. */
function imageOf(card: Card): RouteChunk['image'] {
  return { src: `/${card.path}`, alt: card.alt };
}

/** What one page renders: its data, its head, and a doc's whole sidebar (the data carries it pruned). */
interface PageRender {
  page: RouteChunk;
  head: HeadInput;
  sidebar?: SidebarNode[] | null;
}

/**
 * A page's HTML document and its route chunk, made together from one render. The document is
 * also written as the page's `.html` form (`docs/a.html`), for hosts without redirect rules:
 * a copy, not a redirect stub, since hosts that serve `a.html` for `/a` would send a stub to
 * itself; its canonical link names the clean URL, and the client puts that in the address bar.
 */
function pageFiles(page: RouteChunk, key: () => string, render: () => PageRender, config: SiteConfig, theme: ThemeConfig, assets: ClientAssets): OutputFile[] {
  let made: PageRender | undefined;
  const once = () => (made ??= render());
  let written: string | undefined;
  const fullHtml = () => {
    if (written === undefined) {
      const { page: full, head, sidebar } = once();
      const { html: _html, ...data } = full;
      written = documentHtml(config, head, assets.theme.renderPage(theme, full, sidebar), assets, data);
    }
    return written;
  };
  const form = htmlFormFor(page.route);
  const html = withLazyKey({ path: htmlPathFor(page.route), contents: fullHtml }, key);
  return [
    html,
    ...(form ? [withLazyKey({ path: form, contents: fullHtml, sameAs: html.path }, () => `${html.key}:html`)] : []),
    withLazyKey({ path: chunkPathFor(page.route), contents: () => JSON.stringify(once().page) }, () => `${html.key}:chunk`),
  ];
}

/**
 * Everything shared by all doc pages that can change their HTML: the generator and theme, the
 * config (navbar resolved), the client assets, and every image's URL (images resolve to them).
 * The sidebar shown and the routes of relative links are in each page's own key: a new label in
 * one sidebar re-renders only the pages that show it, a new doc only the pages that list it.
 */
function siteKey(content: SiteContent, config: SiteConfig, theme: ThemeConfig, assets: ClientAssets, identity: string): string {
  return createHash('sha256')
    .update(identity)
    .update(assets.themeKey)
    .update(JSON.stringify([config, theme]))
    .update(JSON.stringify([assets.scripts, assets.styles, assets.config, assets.islands ?? null]))
    .update(JSON.stringify([...content.assets.values()].map((a) => a.url)))
    .digest('hex');
}

/** What every doc page's key and render share, computed once per run. */
interface DocContext {
  content: SiteContent;
  rendered: RenderedDocs;
  config: SiteConfig;
  theme: ThemeConfig;
  assets: ClientAssets;
  site: string;
  sidebarKey: (id: string) => string;
  flatOf: (sidebar: SidebarNode[]) => FlatSidebar;
  versions: VersionPages;
  history?: PageHistory;
}

function docContext(content: SiteContent, rendered: RenderedDocs, config: SiteConfig, assets: ClientAssets, identity: string, history?: PageHistory): DocContext {
  const theme = themeConfig(config, content);
  checkNavbarItems(theme, assets.theme);
  const keys = new Map<string, string>();
  const sidebarKey = (id: string) => {
    let key = keys.get(id);
    if (key === undefined) keys.set(id, (key = createHash('sha256').update(id).update(JSON.stringify(content.sidebars[id] ?? null)).digest('hex')));
    return key;
  };
  return { content, rendered, config, theme, assets, site: siteKey(content, config, theme, assets, identity), sidebarKey, flatOf: sidebarFlattener(), versions: versionPages(content.docs, config), history };
}

/** The HTML document and route chunk of a doc. */
function docFiles(ctx: DocContext, doc: Doc): OutputFile[] {
  const { content, config, theme, assets } = ctx;
  const rendered = ctx.rendered.get(doc.id)!;
  const shown = content.displayedSidebars[doc.id];
  const versioned = ctx.versions.of(doc);
  // Dates are not in the Markdown's cache key: a new commit re-renders the page, never its Markdown.
  const meta = docPageMeta(doc, config, ctx.history);
  const key = () =>
    createHash('sha256')
      .update(ctx.site)
      .update(docStructure(doc))
      .update(shown && content.sidebars[shown] ? ctx.sidebarKey(shown) : '')
      .update(rendered.key)
      .update(versioned ? JSON.stringify(versioned) : '')
      .update(meta.editUrl || meta.lastUpdated ? JSON.stringify(meta) : '')
      .digest('hex')
      .slice(0, 24);
  const title = pageTitle(doc.title, config.title);
  const { canonical, noindex } = versioned ?? {};
  const image = config.socialCards.enabled ? imageOf(docCard(doc, content, config)) : undefined;
  const stub: RouteChunk = { route: doc.route, kind: 'doc', title, ...(noindex ? { noindex } : {}), ...(canonical ? { canonical } : {}), html: '', ...(image ? { image } : {}) };
  return pageFiles(stub, key, () => {
    const { html, ...docOnly } = docProps(doc, rendered, content, { ...theme, tableOfContents: config.tableOfContents, badges: config.badges }, ctx.flatOf);
    const islands = islandScripts(rendered.islands, assets.islands, config.baseUrl);
    const props = { ...docOnly, ...(islands ? { islands } : {}), ...meta };
    return {
      page: { ...stub, description: doc.description, html, doc: versioned ? { ...props, version: versioned.version } : props },
      head: { title, description: doc.description, keywords: doc.frontMatter.keywords, route: doc.route, noindex, canonical, markdown: props.sourceHref, image },
      sidebar: shown ? content.sidebars[shown] : null,
    };
  }, config, theme, assets);
}

/** What the render stage makes pages from. */
export interface PageInput {
  content: SiteContent;
  /** Read when a doc's page is made: may still be filling while the Markdown renders. */
  rendered: RenderedDocs;
  config: SiteConfig;
  client: ClientAssets;
  /** The generator and theme code (part of every page's key). */
  identity: string;
  /** Each content file's last change in git, for the pages' dates. */
  history?: PageHistory;
}

/** The render stage's one entry: a maker of one doc's pages, or of every page of the site. */
export interface PageMaker {
  /** The HTML document and route chunk of the doc with this id, the same (keys included) as `all` gives. */
  doc(id: string): OutputFile[];
  /** Every page: docs (but those in `done`, written already), pages, the 404 page. */
  all(done?: ReadonlySet<string>): Iterable<OutputFile>;
}

/**
 * The render stage: every doc, page and the 404 page as complete HTML documents plus the
 * route chunk client navigation fetches, produced one at a time so the output stage can
 * write each before the next is rendered. What is shared by every page is computed once, here.
 */
export function makePages(input: PageInput): PageMaker {
  const ctx = docContext(input.content, input.rendered, input.config, input.client, input.identity, input.history);
  const byId = new Map(input.content.docs.map((d) => [d.id, d]));
  return {
    doc: (id) => docFiles(ctx, byId.get(id)!),
    all: (done) => allPages(ctx, done),
  };
}

function* allPages(ctx: DocContext, done?: ReadonlySet<string>): Generator<OutputFile> {
  const { content, config, theme, site, assets } = ctx;
  for (const doc of content.docs) if (!done?.has(doc.id)) yield* docFiles(ctx, doc);
  for (const page of content.pages) {
    const Page = page.component;
    const title = pageTitle(page.meta.title, config.title);
    const description = page.meta.description ?? config.tagline;
    let html: string;
    try {
      // Rendered up front: a page module's output is its only key (its code has no other).
      html = withBaseInHtml(config.baseUrl, renderToString(<Page />));
    } catch (err) {
      throw new PageModuleError(`threw while rendering: ${(err as Error).message}`, { file: page.source }, 'fix the component so it renders on the server', { cause: err });
    }
    const image = config.socialCards.enabled ? imageOf(pageCard(page, config)) : undefined;
    const chunk: RouteChunk = { route: page.route, kind: 'page', title, description: description || undefined, html, ...(image ? { image } : {}) };
    const key = () => createHash('sha256').update(site).update(JSON.stringify(chunk)).digest('hex').slice(0, 24);
    yield* pageFiles(chunk, key, () => ({ page: chunk, head: { title, description, route: page.route, image } }), config, theme, assets);
  }

  const notFound: RouteChunk = { route: '/404', kind: 'notFound', title: pageTitle('Page Not Found', config.title), noindex: true, html: '' };
  yield { path: '404.html', contents: documentHtml(config, { title: notFound.title, route: '/404', noindex: true }, assets.theme.renderPage(theme, notFound), assets, notFound) };
}
