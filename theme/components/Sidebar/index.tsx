import { useContext, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import type { SidebarList } from '../../../common/page.ts';
import { containsRoute, isExternal } from '../../../common/navigation.ts';
import { useHref } from '../../runtime/base.ts';
import { loadChunk } from '../../runtime/chunks.ts';
import type { SidebarNode } from '../../types.ts';
import { Badges } from '../Badges/index.tsx';
import { useCollapsible } from '../Collapsible/index.ts';
import { itemKeys, More, useWhole } from './more.tsx';
import { PRUNED_ATTRIBUTE, PrunedItemsContext } from './pruned.ts';

type CategoryNode = Extract<SidebarNode, { type: 'category' }>;

function current(href: string, route: string) {
  return href === route ? { 'aria-current': 'page' as const } : {};
}

function findCategory(nodes: SidebarNode[], href: string): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.type !== 'category') continue;
    if (node.href === href) return node;
    const inner = findCategory(node.items, href);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * A closed category with a page of its own arrives without items (see pruneSidebar); its
 * page's route chunk, where it is open, supplies them when a reader expands it here.
 */
function useItems(node: CategoryNode, open: boolean): [SidebarNode[], (items: SidebarNode[]) => void] {
  const [items, setItems] = useState(node.items);
  // The next page's data may carry this category pruned: keep the items already loaded.
  useEffect(() => setItems((loaded) => (node.items.length > 0 ? node.items : loaded)), [node]);
  useEffect(() => {
    if (!open || items.length > 0 || !node.href) return;
    let live = true;
    loadChunk(node.href)
      .then((chunk) => {
        const found = chunk.doc?.sidebar && findCategory(chunk.doc.sidebar, node.href!);
        if (live && found) setItems(found.items);
      })
      .catch((err) => console.warn(`docgen: could not load the items of sidebar category "${node.label}"`, err));
    return () => {
      live = false;
    };
  }, [open, items, node]);
  return [items, setItems];
}

/** A category's whole list: its page's chunk has it, shown there whole (see windowSidebar). */
function chunkItems(href: string): Promise<SidebarNode[] | undefined> {
  return loadChunk(href).then((chunk) => (chunk.doc?.sidebar && findCategory(chunk.doc.sidebar, href))?.items);
}

function Category({ node, route, level }: { node: CategoryNode; route: string; level: number }) {
  const active = containsRoute(node, route);
  const [open, setOpen] = useState(active || !node.collapsed);
  useEffect(() => {
    if (active) setOpen(true);
  }, [active, route]);
  const [items, setItems] = useItems(node, open);
  const shown = open && items.length > 0;
  const { ref, className } = useCollapsible<HTMLUListElement>(shown);
  const onMore = useWhole(items, setItems, ref, node.href ? () => chunkItems(node.href!) : undefined);
  // Until its items are loaded, a pruned category lists what the server rendered (readers without JavaScript see them).
  const pruned = useContext(PrunedItemsContext);
  const initial = items.length === 0 && node.href ? pruned(node.href) : undefined;
  // The same element throughout: React empties it when its loaded items replace the markup.
  const markup = initial && 'html' in initial ? initial.html : undefined;
  const listed = markup === undefined && initial && 'nodes' in initial ? initial.nodes : items;
  const keys = itemKeys(listed);
  const listClass = className ? `menu__list ${className}` : 'menu__list';
  const label = (
    <>
      {node.label}
      <Badges badges={node.badges} />
    </>
  );
  const onLinkClick = (event: MouseEvent) => {
    // On its own page the label toggles; elsewhere it opens and the router navigates.
    if (node.href === route) {
      event.preventDefault();
      setOpen(!open);
    } else setOpen(true);
  };
  const verb = open ? 'Collapse' : 'Expand';
  const href = useHref();
  return (
    <li className={`menu__item menu__category menu__category--level-${level}${open ? '' : ' menu__category--collapsed'}`}>
      <div className={`menu__category-row${node.href === route ? ' menu__category-row--active' : ''}`}>
        {node.href ? (
          <>
            <a className="menu__link menu__category-link" href={href(node.href)} onClick={onLinkClick} {...current(node.href, route)}>
              {label}
            </a>
            <button type="button" className="menu__caret" aria-expanded={open} aria-label={`${verb} sidebar category '${node.label}'`} onClick={() => setOpen(!open)} />
          </>
        ) : (
          <button type="button" className="menu__link menu__category-link menu__category-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
            {label}
          </button>
        )}
      </div>
      <ul className={listClass} ref={ref} {...(initial ? { [PRUNED_ATTRIBUTE]: node.href } : {})} {...(markup !== undefined ? { dangerouslySetInnerHTML: { __html: markup } } : {})}>
        {markup === undefined ? listed.map((n, i) => <Item key={keys[i]} node={n} route={route} level={level + 1} label={node.label} onMore={onMore && (() => onMore(i))} />) : undefined}
      </ul>
    </li>
  );
}

interface ItemProps {
  node: SidebarNode;
  route: string;
  level: number;
  /** The label of the category it is listed in (none at the top level). */
  label?: string;
  /** Shows the items a `more` entry stands for in place, where the whole list can be loaded. */
  onMore?: () => void;
}

function Item({ node, route, level, label, onMore }: ItemProps) {
  const href = useHref();
  switch (node.type) {
    case 'more':
      return <More node={node} label={label} onMore={onMore} />;
    case 'html':
      return <li className="menu__html" dangerouslySetInnerHTML={{ __html: node.value }} />;
    case 'link':
      return (
        <li className="menu__item">
          <a className="menu__link" href={href(node.href)} {...(isExternal(node.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {node.label}
          </a>
        </li>
      );
    case 'doc':
      return (
        <li className="menu__item">
          <a className="menu__link" href={href(node.href)} {...current(node.href, route)}>
            {node.label}
            {node.titleRest && <span className="sr-only">{node.titleRest}</span>}
            <Badges badges={node.badges} />
          </a>
        </li>
      );
    case 'category':
      return <Category node={node} route={route} level={level} />;
  }
}

/**
 * The doc sidebar. Categories collapse with an animated height; without JavaScript every
 * category shows its items (the collapsed class hides a list only once the page runs scripts),
 * or, closed with a generated index of its own (`listed`), links to that page, which lists them.
 * A closed list is `display: none`, so its links are out of the Tab order without a tabindex.
 */
export function Sidebar({ nodes, route }: { nodes: SidebarNode[]; route: string }) {
  const ref = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The whole top level once a reader asked for it, for these nodes only: another page's start from its own.
  const [whole, setWhole] = useState<{ from: SidebarNode[]; items: SidebarNode[] }>();
  const items = whole?.from === nodes ? whole.items : nodes;
  const setItems = (next: SidebarNode[]) => setWhole({ from: nodes, items: next });
  const href = useHref();
  const file = nodes.find((n) => n.type === 'more')?.file;
  const load = file ? () => fetch(href(file)).then(async (res) => (res.ok ? ((await res.json()) as SidebarList).items : undefined)) : undefined;
  const onMore = useWhole(items, setItems, list, load);
  const keys = itemKeys(items);
  // Each page renders its own sidebar: bring the current link into view when it lies outside.
  useLayoutEffect(() => {
    const nav = ref.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active || nav.scrollHeight <= nav.clientHeight) return;
    const box = nav.getBoundingClientRect();
    const link = active.getBoundingClientRect();
    if (link.top < box.top || link.bottom > box.bottom) nav.scrollTop += link.top - box.top - nav.clientHeight / 3;
  }, [route]);
  return (
    <nav className="sidebar" aria-label="Docs sidebar" ref={ref}>
      <ul className="menu__list" ref={list}>
        {items.map((n, i) => (
          <Item key={keys[i]} node={n} route={route} level={1} onMore={onMore && (() => onMore(i))} />
        ))}
      </ul>
    </nav>
  );
}
