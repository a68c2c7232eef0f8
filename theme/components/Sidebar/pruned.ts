import { createContext } from 'react';
import type { SidebarNode } from '../../types.ts';

/**
 * The items of a category the page data carries pruned (see pruneSidebar), as the first render
 * shows them so a page without JavaScript lists every category: the server renders them from
 * the whole sidebar, and the browser keeps the server's markup, read back from the DOM before
 * hydration like the article, so the inline data stays small and hydration matches.
 */
export type PrunedItems = (href: string) => { nodes: SidebarNode[] } | { html: string } | undefined;

export const PrunedItemsContext = createContext<PrunedItems>(() => undefined);

/** Marks the list of a pruned category in the server markup, naming the category's page. */
export const PRUNED_ATTRIBUTE = 'data-sidebar-items';

/**
 * Each category's items by its page, first one in reading order winning (null: its page lists
 * them), made once per sidebar: every page of a site renders against the same tree, and a search
 * of the whole tree per closed category of every page grows with the square of its size.
 */
const itemsByPage = new WeakMap<SidebarNode[], Map<string, SidebarNode[] | null>>();

function indexItems(nodes: SidebarNode[], out = new Map<string, SidebarNode[] | null>()): Map<string, SidebarNode[] | null> {
  for (const node of nodes) {
    if (node.type !== 'category') continue;
    if (node.href !== undefined && !out.has(node.href)) out.set(node.href, node.listed ? null : node.items);
    indexItems(node.items, out);
  }
  return out;
}

/**
 * On the server: a pruned category's items, found in the whole sidebar by its page; none for a
 * category whose page lists them (`listed`), which readers without JavaScript follow instead.
 */
export function itemsFromSidebar(sidebar: SidebarNode[]): PrunedItems {
  let index = itemsByPage.get(sidebar);
  if (!index) itemsByPage.set(sidebar, (index = indexItems(sidebar)));
  return (href) => {
    const nodes = index.get(href);
    return nodes ? { nodes } : undefined;
  };
}

/** In the browser, before hydration: the server's markup of each pruned category's items. */
export function itemsFromDocument(doc: Document): PrunedItems {
  const html = new Map<string, string>();
  for (const ul of doc.querySelectorAll(`[${PRUNED_ATTRIBUTE}]`)) {
    const href = ul.getAttribute(PRUNED_ATTRIBUTE)!;
    if (!html.has(href)) html.set(href, ul.innerHTML);
  }
  return (href) => {
    const found = html.get(href);
    return found === undefined ? undefined : { html: found };
  };
}
