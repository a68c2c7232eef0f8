import type { ThemeConfig } from '../../common/config.ts';
import type { SiteConfig, SiteContent } from '../model.ts';

const THEME_KEYS = ['title', 'tagline', 'url', 'baseUrl', 'version', 'i18n', 'navbar', 'footer', 'announcementBar', 'colorMode', 'search', 'docs', 'storage', 'feedback'] as const satisfies readonly (keyof ThemeConfig & keyof SiteConfig)[];

/**
 * The config schema's part the theme reads must be exactly the contract's type (common/config.ts):
 * a field added to one and not the other, or typed differently, does not compile.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesContract: Same<Pick<SiteConfig, (typeof THEME_KEYS)[number]>, ThemeConfig> = true;
const contractKeysListed: Same<(typeof THEME_KEYS)[number], keyof ThemeConfig> = true;
void [schemaMatchesContract, contractKeysListed];

/** The config the theme reads (in the server render and bundled into the client script). */
export function themeConfig(config: SiteConfig, content: SiteContent): ThemeConfig {
  const { title, tagline, url, baseUrl, version, i18n, navbar, footer, announcementBar, colorMode, search, docs, storage, feedback } = config;
  return { title, tagline, url, baseUrl, version, i18n, navbar: { ...navbar, items: content.navbar }, footer, announcementBar, colorMode, search, docs, storage, feedback };
}
