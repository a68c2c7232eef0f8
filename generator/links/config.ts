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
export function configLinks(config: SiteConfig): ConfigLink[] {
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
  const sidebars = Object.entries(config.sidebars).flatMap(([id, items]) => sidebarLinks(items, `sidebars.${id}`));
  const bar = config.announcementBar ? [...config.announcementBar.content.matchAll(HREF)].map((m) => ({ url: m[1], where: 'announcementBar.content' })) : [];
  return [...navbarLinks(config.navbar.items, 'navbar.items'), ...files, ...footer, ...sidebars, ...bar];
}
