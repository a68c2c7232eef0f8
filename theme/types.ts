import type { SidebarNode, SiteConfig, TocItem } from '../generator/model.ts';

export type { SidebarNode, SiteConfig, TocItem };

/** What the theme needs to know about the site on every page. */
export interface SiteProps {
  config: SiteConfig;
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

/** Everything a doc page renders; plain data, so it can be serialised for the client later. */
export interface DocPageProps {
  title: string;
  hideTitle: boolean;
  badges: string[];
  html: string;
  toc: TocItem[];
  sidebar: SidebarNode[] | null;
  breadcrumbs: Crumb[];
  previous?: PageLink;
  next?: PageLink;
  /** Link to the page's Markdown source. */
  sourceHref: string;
}
