import type { NavbarItemConfig, ThemeConfig } from './config.ts';
import type { RouteChunk, SidebarNode } from './page.ts';

/**
 * The theme's server half as the render stage calls it: markup in, markup out, so the generator
 * needs neither the theme's modules nor its components' types. Built from theme/server.tsx
 * together with the client bundle (generator/client/), and rebuilt by `docgen dev` on a theme edit.
 */
export interface ServerTheme {
  /** The whole page body; with the page's whole sidebar, closed categories still list their items. */
  renderPage(config: ThemeConfig, page: RouteChunk, sidebar?: SidebarNode[] | null): string;
  /** One navbar item alone, to find the item of the config that throws. */
  renderNavbarItem(config: ThemeConfig, item: NavbarItemConfig, mobile: boolean): string;
}
