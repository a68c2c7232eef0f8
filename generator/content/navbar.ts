import type { NavbarItem } from '../config/schema.ts';
import { ConfigError } from '../errors.ts';
import type { Doc, Sidebars, SiteConfig } from '../model.ts';
import { CUSTOM_NAVBAR_ITEMS, flattenSidebar } from '../../common/navigation.ts';

/**
 * Give every navbar item its final link: `doc` items link to their doc, `docSidebar` items to
 * the first doc of their sidebar. A bad reference or an unregistered custom item fails the build naming the config path.
 */
export function resolveNavbar(config: SiteConfig, docs: Doc[], sidebars: Sidebars): NavbarItem[] {
  const byId = new Map(docs.map((d) => [d.id, d]));
  const resolve = (item: NavbarItem, at: string): NavbarItem => {
    if (item.type === 'doc') {
      const doc = item.docId ? byId.get(item.docId) : undefined;
      if (!doc) throw new ConfigError(`${at}.docId: unknown doc id "${item.docId ?? ''}"`, { file: 'site.config.ts' }, 'doc ids are paths below content/docs without .md, e.g. "api/index"');
      return { ...item, to: doc.route, label: item.label ?? doc.frontMatter.sidebar_label ?? doc.title };
    }
    if (item.type === 'docSidebar') {
      const first = flattenSidebar(sidebars[item.sidebarId ?? ''] ?? [])[0];
      if (!first) throw new ConfigError(`${at}.sidebarId: sidebar "${item.sidebarId ?? ''}" has no doc to link to`, { file: 'site.config.ts' }, `sidebars: ${Object.keys(sidebars).join(', ')}`);
      return { ...item, to: first.href };
    }
    if (item.type.startsWith('custom-') && !(CUSTOM_NAVBAR_ITEMS as readonly string[]).includes(item.type)) {
      throw new ConfigError(`${at}.type: no component is registered for navbar item type "${item.type}"`, { file: 'site.config.ts' }, `the theme registers ${CUSTOM_NAVBAR_ITEMS.join(', ')}`);
    }
    if (item.type === 'dropdown') return { ...item, items: (item.items ?? []).map((sub, i) => resolve(sub as NavbarItem, `${at}.items[${i}]`)) };
    return item;
  };
  return config.navbar.items.map((item, i) => resolve(item, `navbar.items[${i}]`));
}
