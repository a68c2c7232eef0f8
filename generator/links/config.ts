import type { NavbarItem, SidebarItemConfig } from '../config/schema.ts';
import type { SiteConfig } from '../model.ts';
import type { ConfigLink } from './index.ts';

const HREF = /\shref\s*=\s*["']([^"']*)["']/g;

function sidebarLinks(items: SidebarItemConfig[], where: string): ConfigLink[] {
  return items.flatMap((item, i) => {
    if (typeof item === 'string') return [];
    if (item.type === 'link') return [{ url: item.href, where: `${where}[${i}].href` }];
    if (item.type === 'category') return sidebarLinks(item.items, `${where}[${i}].items`);
    return [];
  });
}

function navbarLinks(items: NavbarItem[], where: string): ConfigLink[] {
  return items.flatMap((item, i) => [
    ...(item.to ? [{ url: item.to, where: `${where}[${i}].to` }] : []),
    ...(item.href ? [{ url: item.href, where: `${where}[${i}].href` }] : []),
    ...navbarLinks((item.items ?? []) as NavbarItem[], `${where}[${i}].items`),
  ]);
}

/**
 * Every link the configuration puts on pages (navbar, logos and favicon, footer, hand-listed
 * sidebars, announcement bar), named by its config path, so a broken one points at site.config.ts.
 */
export function configLinks(config: SiteConfig, source?: string): ConfigLink[] {
  const link = (l: { to?: string; href?: string }, where: string): ConfigLink[] => [
    ...(l.to ? [{ url: l.to, where: `${where}.to` }] : []),
    ...(l.href ? [{ url: l.href, where: `${where}.href` }] : []),
  ];
  const footer = config.footer.links.flatMap((entry, i) =>
    'title' in entry ? entry.items.flatMap((l, j) => link(l, `footer.links[${i}].items[${j}]`)) : link(entry, `footer.links[${i}]`),
  );
  const logo = (l: SiteConfig['footer']['logo'], where: string): ConfigLink[] =>
    l ? (['href', 'src', 'srcDark', 'srcMobile'] as const).flatMap((k) => (l[k] ? [{ url: l[k], where: `${where}.${k}` }] : [])) : [];
  const files = [...logo(config.navbar.logo, 'navbar.logo'), ...logo(config.footer.logo, 'footer.logo'), ...(config.favicon ? [{ url: config.favicon, where: 'favicon' }] : [])];
  const sidebars = Object.entries(config.sidebars).flatMap(([id, { items }]) => sidebarLinks(items ?? [], `sidebars.${id}.items`));
  const bar = config.announcementBar ? [...config.announcementBar.content.matchAll(HREF)].map((m) => ({ url: m[1], where: 'announcementBar.content' })) : [];
  const links = [...navbarLinks(config.navbar.items, 'navbar.items'), ...files, ...footer, ...sidebars, ...bar];
  return source === undefined ? links : locate(links, source);
}

/**
 * Where each link is written in the config source: the n-th time a URL is used is its n-th
 * occurrence as a string literal (or, inside HTML such as the announcement bar, as text). A
 * URL the file computes rather than spells out keeps no position.
 */
function locate(links: ConfigLink[], source: string): ConfigLink[] {
  const seen = new Map<string, number>();
  return links.map((link) => {
    const escaped = link.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = link.where === 'announcementBar.content' ? new RegExp(`(?<=href=\\?["'])${escaped}(?=\\?["'])`, 'g') : new RegExp(`(?<=['"\`])${escaped}(?=['"\`])`, 'g');
    const key = `${link.where === 'announcementBar.content'}\0${link.url}`;
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    const match = [...source.matchAll(pattern)][nth];
    if (!match) return link;
    const before = source.slice(0, match.index).split('\n');
    return { ...link, line: before.length, column: before[before.length - 1].length };
  });
}
