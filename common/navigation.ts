import type { Crumb, PageLink, SidebarNode, TocItem } from './page.ts';

/** Keep TOC items within [min, max] heading levels. */
export function filterToc(toc: TocItem[], min: number, max: number): TocItem[] {
  return toc.filter((t) => t.level >= min && t.level <= max);
}

/**
 * Each doc's category trail in a sidebar, made in one walk per sidebar: a site renders every
 * page against the same tree, and a walk per page would grow with the square of its size.
 */
const trails = new WeakMap<SidebarNode[], Map<string, Crumb[]>>();

function trailsOf(nodes: SidebarNode[], above: Crumb[] = [], out = new Map<string, Crumb[]>()): Map<string, Crumb[]> {
  for (const node of nodes) {
    if (node.type === 'doc' && !out.has(node.id)) out.set(node.id, above);
    if (node.type === 'category') {
      if (node.docId && !out.has(node.docId)) out.set(node.docId, above);
      trailsOf(node.items, [...above, { label: node.label, href: node.href }], out);
    }
  }
  return out;
}

/** The category trail from the sidebar root down to the doc (the first place it is listed). */
export function breadcrumbsFor(nodes: SidebarNode[], docId: string): Crumb[] | null {
  let known = trails.get(nodes);
  if (!known) trails.set(nodes, (known = trailsOf(nodes)));
  return known.get(docId) ?? null;
}

/** Docs in sidebar order (category links included), for previous/next pagination. */
export function flattenSidebar(nodes: SidebarNode[], out: (PageLink & { id: string })[] = []): (PageLink & { id: string })[] {
  for (const node of nodes) {
    if (node.type === 'doc') out.push({ id: node.id, title: node.label, href: node.href });
    if (node.type === 'category') {
      if (node.docId && node.href) out.push({ id: node.docId, title: node.label, href: node.href });
      flattenSidebar(node.items, out);
    }
  }
  return out;
}

type CategoryNode = Extract<SidebarNode, { type: 'category' }>;

/** The routes of a category and everything under it, made once per category node. */
const routesUnder = new WeakMap<SidebarNode, Set<string>>();

function routesOf(node: CategoryNode): Set<string> {
  let routes = routesUnder.get(node);
  if (routes) return routes;
  routes = new Set(node.href ? [node.href] : []);
  for (const item of node.items) {
    if (item.type === 'doc') routes.add(item.href);
    else if (item.type === 'category') for (const r of routesOf(item)) routes.add(r);
  }
  routesUnder.set(node, routes);
  return routes;
}

/** True when a sidebar category contains the route, so it renders expanded. */
export function containsRoute(node: SidebarNode, route: string): boolean {
  if (node.type === 'doc') return node.href === route;
  if (node.type === 'category') return routesOf(node).has(route);
  return false;
}

/**
 * A category with other items (pruned or windowed for one page): the same category, holding the
 * same routes. Each page makes its own copies, and making their routes again on every page
 * would grow with the square of a sidebar's size.
 */
export function withItems(node: CategoryNode, items: SidebarNode[]): CategoryNode {
  const copy = { ...node, items };
  routesUnder.set(copy, routesOf(node));
  return copy;
}

export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href);
}

/**
 * The sidebar as one page's data carries it: a closed category with a page of its own keeps no
 * items (its page lists them), so a page carries the open path, not the whole tree. The server
 * still renders their items (Sidebar/pruned.ts); the client fetches a category's items from
 * that page's chunk when a reader expands it.
 */
export function pruneSidebar(nodes: SidebarNode[], route: string): SidebarNode[] {
  return nodes.map((node) => {
    if (node.type !== 'category') return node;
    if (node.collapsed && node.href && !containsRoute(node, route)) return withItems(node, []);
    return withItems(node, pruneSidebar(node.items, route));
  });
}

/** The `custom-*` navbar item types this theme registers (their components are in NavbarItem). */
export const CUSTOM_NAVBAR_ITEMS = ['custom-colorModeToggle', 'custom-signIn'] as const;
export type CustomNavbarItemType = (typeof CUSTOM_NAVBAR_ITEMS)[number];

/** The links a navbar item leads to, dropdown entries included. */
function navbarLinks(items: { to?: string; items?: { to?: string }[] }[]): string[] {
  return items.flatMap((i) => [i.to, ...navbarLinks(i.items ?? [])]).filter((to): to is string => !!to);
}

/** The item whose link is the longest prefix of the route marks the reader's section. */
export function activeHref(items: { to?: string; items?: { to?: string }[] }[], route: string): string | undefined {
  const prefixes = navbarLinks(items).filter((to) => to !== '/' && (route === to || route.startsWith(to.replace(/\/?$/, '/'))));
  return prefixes.sort((a, b) => b.length - a.length)[0];
}
