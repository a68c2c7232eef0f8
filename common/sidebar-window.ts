import { containsRoute, withItems } from './navigation.ts';
import type { SidebarMore, SidebarNode } from './page.ts';

type CategoryNode = Extract<SidebarNode, { type: 'category' }>;

/** Items shown on each side of the open item of a long list. */
const RADIUS = 5;
/**
 * Lists this long or shorter are shown whole: a documentation site's sections and folders fit
 * (the Vaultline site's longest list has 16); only a site of thousands of pages has longer ones.
 */
const SHORT = 24;

/** The nearest item of `hidden` (in the order given) that has a page of its own. */
function nearestPage(hidden: SidebarNode[]): string | undefined {
  for (const node of hidden) if ((node.type === 'doc' || node.type === 'category') && node.href) return node.href;
  return undefined;
}

function more(hidden: SidebarNode[], nearestFirst: SidebarNode[], parent: CategoryNode | undefined, file: string | undefined): SidebarMore {
  // A generated index lists every item of its category: one link reaches them all.
  const href = parent?.listed && parent.href ? parent.href : nearestPage(nearestFirst);
  return { type: 'more', count: hidden.length, ...(href ? { href } : {}), ...(file ? { file } : {}) };
}

/** The items around the one holding the route (the first ones when none does), the rest as `more` entries. */
function windowList(items: SidebarNode[], route: string, parent: CategoryNode | undefined, file: string | undefined): SidebarNode[] {
  if (!isWindowed(items)) return items;
  const open = items.findIndex((n) => containsRoute(n, route));
  const size = 2 * RADIUS + 1;
  let start = Math.max(0, Math.min(open === -1 ? 0 : open - RADIUS, items.length - size));
  let end = start + size;
  // An entry standing for one item would save nothing: that item is shown instead.
  if (start === 1) start = 0;
  if (end === items.length - 1) end = items.length;
  const before = items.slice(0, start);
  const after = items.slice(end);
  return [
    ...(before.length ? [more(before, [...before].reverse(), parent, file)] : []),
    ...items.slice(start, end),
    ...(after.length ? [more(after, after, parent, file)] : []),
  ];
}

function windowNodes(nodes: SidebarNode[], route: string): SidebarNode[] {
  return nodes.map((node) => {
    if (node.type !== 'category' || node.items.length === 0) return node;
    // On the category's own page its list stays whole: that page's chunk is where the browser loads it from.
    const items = node.href === route ? node.items : windowList(node.items, route, node, undefined);
    return withItems(node, windowNodes(items, route));
  });
}

/**
 * A page's sidebar (already pruned, see pruneSidebar) with every long list cut to the items
 * around the open one, so a page weighs the same however many sections a site has. What is
 * left out is one `more` entry on each side (see SidebarMore); `file` is where the whole top
 * level is published.
 */
export function windowSidebar(nodes: SidebarNode[], route: string, file: string): SidebarNode[] {
  return windowNodes(windowList(nodes, route, undefined, file), route);
}

/** Whether a page shows only part of this list. */
export function isWindowed(items: SidebarNode[]): boolean {
  return items.length > SHORT;
}
