/**
 * The part of the site config the theme reads (in the server render, and in the browser from the
 * site's config script), with navbar items already resolved. It holds nothing that grows with the number of
 * pages. The generator's config schema is checked against this type (generator/client/config.ts).
 */
import type { StorageKeys } from './storage.ts';

/**
 * The global the site's config script sets before the client bundle runs: the bundle is the
 * same for every site (docgen's theme, compiled once per install), the config is the site's.
 */
export const THEME_CONFIG_GLOBAL = '__docgenConfig';

export interface NavbarLinkConfig {
  /** `default` is a plain link; others are the navbar item types of the config schema or `custom-<name>`. */
  type: string;
  label?: string;
  position: 'left' | 'right';
  /** Internal route the item links to. */
  to?: string;
  /** External URL; opens in a new tab. */
  href?: string;
  docId?: string;
  sidebarId?: string;
  /** For `html` items: raw HTML. */
  value?: string;
  className?: string;
  ariaLabel?: string;
}

export interface NavbarItemConfig extends NavbarLinkConfig {
  /** Added by docgen to a link into the docs when there are older versions: the same link in each, by version name. */
  versionLinks?: Record<string, string>;
  /** For `dropdown` items: the entries. */
  items?: NavbarLinkConfig[];
}

export interface LogoConfig {
  alt: string;
  src: string;
  srcDark?: string;
  srcMobile?: string;
  href: string;
  width?: number;
  widthMobile?: number;
  height: number;
}

export interface FooterLinkConfig {
  label: string;
  to?: string;
  href?: string;
}

export interface DocsVersionConfig {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  mainDocId: string;
  /** Whether the version's pages show the banner linking to the latest; unset: "unmaintained" unless `isLast`. */
  banner?: 'unmaintained' | 'none';
  /** Ask search engines not to index the version's pages; unset: false. */
  noIndex?: boolean;
}

/** A search scope: the results from the docs whose page shows one of `sidebars`. */
export interface SearchScopeConfig {
  label: string;
  sidebars: string[];
}

export interface ThemeConfig {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  version: string;
  i18n: { defaultLocale: string; locales: string[]; direction: 'ltr' | 'rtl' };
  navbar: { title?: string; logo?: LogoConfig; hideOnScroll: boolean; items: NavbarItemConfig[] };
  footer: { style: 'light' | 'dark'; logo?: LogoConfig; copyright?: string; links: ({ title: string; items: FooterLinkConfig[] } | FooterLinkConfig)[] };
  announcementBar?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  /** `scopes`: what the results panel offers after "All", each the docs of some sidebars. */
  search: { maxHits: number; exclude: string[]; scopes: SearchScopeConfig[] };
  /** `routeBase`: the route the docs are served under, e.g. "/docs". */
  docs: { routeBase: string; versions: DocsVersionConfig[]; product?: string };
  /** The browser storage keys the theme reads and writes. */
  storage: StorageKeys;
  /** The feedback question at the end of each doc; absent: not asked. */
  feedback?: FeedbackConfig;
}

/** The feedback question: its text, where answers are POSTed, and the `dataLayer` event. */
export interface FeedbackConfig {
  question: string;
  endpoint?: string;
  event: string;
}
