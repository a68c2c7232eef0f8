import type { SiteConfig, SiteContent } from '../model.ts';
import type { ThemeConfig } from '../../theme/types.ts';

/** The config the theme reads (in the server render and bundled into the client script). */
export function themeConfig(config: SiteConfig, content: SiteContent): ThemeConfig {
  const { title, tagline, url, baseUrl, version, i18n, navbar, footer, announcementBar, colorMode, search, docs } = config;
  return { title, tagline, url, baseUrl, version, i18n, navbar: { ...navbar, items: content.navbar }, footer, announcementBar, colorMode, search, docs };
}
