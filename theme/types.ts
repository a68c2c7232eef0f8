import type { Badge, SidebarNode, SiteConfig, TocItem } from '../generator/model.ts';

export type { Badge, SidebarNode, SiteConfig, TocItem };

/**
 * The part of the site config the theme reads, with navbar items already resolved. It is
 * bundled into the client script, so it holds nothing that grows with the number of pages.
 */
export type ThemeConfig = Pick<SiteConfig, 'title' | 'tagline' | 'url' | 'baseUrl' | 'version' | 'i18n' | 'navbar' | 'footer' | 'announcementBar' | 'colorMode' | 'search' | 'docs'>;

/** What the theme needs to know about the site on every page. */
export interface SiteProps {
  config: ThemeConfig;
  /** Current route, for marking active links. */
  route: string;
}

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageLink {
  title: string;
  href: string;
}

/** Everything a doc page renders; plain data, so it travels to the client as JSON. */
export interface DocPageProps {
  title: string;
  hideTitle: boolean;
  badges: Badge[];
  html: string;
  toc: TocItem[];
  /** The page's sidebar, pruned to what the page shows (closed linked categories are leaves). */
  sidebar: SidebarNode[] | null;
  breadcrumbs: Crumb[];
  previous?: PageLink;
  next?: PageLink;
  /** Link to the page's Markdown source. */
  sourceHref: string;
}

/**
 * One page as the client sees it: the inline data of a server-rendered page (without `html`,
 * which the client reads back from the DOM) or, with `html`, the route chunk fetched on
 * client navigation.
 */
export interface RouteChunk {
  route: string;
  kind: 'doc' | 'page' | 'notFound';
  /** The document title (`Page | Site`). */
  title: string;
  description?: string;
  noindex?: boolean;
  /** The rendered content: the Markdown article of a doc, the whole body of a page module. */
  html: string;
  doc?: Omit<DocPageProps, 'html'>;
}

export type PageData = Omit<RouteChunk, 'html'>;
