import type { ThemeConfig } from '../common/config.ts';

export type { ThemeConfig };
export type { Badge, Crumb, DocPageProps, PageData, PageLink, RouteChunk, SidebarNode, TocItem } from '../common/page.ts';

/** What the theme needs to know about the site on every page. */
export interface SiteProps {
  config: ThemeConfig;
  /** Current route, for marking active links. */
  route: string;
}
