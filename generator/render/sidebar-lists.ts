import { sidebarListPath } from '../../common/chunks.ts';
import { pruneSidebar } from '../../common/navigation.ts';
import type { SidebarList } from '../../common/page.ts';
import { isWindowed } from '../../common/sidebar-window.ts';
import type { OutputFile, Sidebars } from '../model.ts';

/**
 * The top level of each sidebar too long for one page to list whole (see windowSidebar), one
 * file every page shares: the browser loads it when a reader asks for the rest. A category
 * with a page of its own comes without items; its page's chunk has them.
 */
export function sidebarLists(sidebars: Sidebars): OutputFile[] {
  return Object.entries(sidebars)
    .filter(([, nodes]) => isWindowed(nodes))
    .map(([id, nodes]) => {
      const list: SidebarList = { items: pruneSidebar(nodes, '').map((n) => (n.type === 'category' && n.href ? { ...n, items: [] } : n)) };
      return { path: sidebarListPath(id), contents: JSON.stringify(list) };
    });
}
