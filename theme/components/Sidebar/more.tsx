import { useEffect, useState, type RefObject } from 'react';
import type { SidebarMore } from '../../../common/page.ts';
import { useHref } from '../../runtime/base.ts';
import type { SidebarNode } from '../../types.ts';

/** What identifies an entry across two renderings of its list (a page's window and the whole list). */
function keyOf(node: SidebarNode): string {
  switch (node.type) {
    case 'doc':
      return `d:${node.id}`;
    case 'category':
      return `c:${node.href ?? node.label}`;
    case 'link':
      return `l:${node.href}`;
    case 'html':
      return `h:${node.value}`;
    case 'more':
      return 'm:';
  }
}

/** React keys that stay with their entry when a list is made whole (an index would move an open category's state to another). */
export function itemKeys(nodes: SidebarNode[]): string[] {
  const seen = new Map<string, number>();
  return nodes.map((n) => {
    const key = keyOf(n);
    const times = seen.get(key) ?? 0;
    seen.set(key, times + 1);
    return times ? `${key}#${times}` : key;
  });
}

/** The whole list, keeping the entries the page already shows (an open category keeps its items). */
export function mergeWhole(shown: SidebarNode[], whole: SidebarNode[]): SidebarNode[] {
  const kept = new Map(shown.filter((n) => n.type !== 'more').map((n) => [keyOf(n), n]));
  return whole.map((n) => kept.get(keyOf(n)) ?? n);
}

/** Where the entry at `at` of a windowed list stands in the whole list. */
function wholeIndex(shown: SidebarNode[], at: number): number {
  return shown.slice(0, at).reduce((i, n) => i + (n.type === 'more' ? n.count : 1), 0);
}

/**
 * A windowed list made whole on request: `load` gives the whole list, merged into the shown one;
 * focus then moves to the first entry that was left out where the reader asked, since the
 * entry they activated is gone.
 */
export function useWhole(items: SidebarNode[], setItems: (next: SidebarNode[]) => void, list: RefObject<HTMLUListElement | null>, load: (() => Promise<SidebarNode[] | undefined>) | undefined): ((at: number) => void) | undefined {
  const [focusAt, setFocusAt] = useState<number>();
  useEffect(() => {
    if (focusAt === undefined) return;
    list.current?.children[focusAt]?.querySelector<HTMLElement>('a, button')?.focus();
    setFocusAt(undefined);
  }, [items, focusAt, list]);
  if (!load) return undefined;
  return (at) => {
    load()
      .then((whole) => {
        if (!whole) return;
        setItems(mergeWhole(items, whole));
        setFocusAt(wholeIndex(items, at));
      })
      .catch((err) => console.warn('docgen: could not load the rest of a sidebar list', err));
  };
}

/**
 * The entry standing for items a page leaves out: a link for readers without JavaScript (to a
 * page listing them, or the nearest one); with `onMore` it shows them in place instead.
 */
export function More({ node, label, onMore }: { node: SidebarMore; label?: string; onMore?: () => void }) {
  const href = useHref();
  const text = (
    <>
      {`${node.count} more`}
      {label !== undefined && <span className="sr-only">{` in ${label}`}</span>}
    </>
  );
  if (!node.href) {
    return (
      <li className="menu__item menu__more">
        <button type="button" className="menu__link menu__more-link" onClick={onMore}>
          {text}
        </button>
      </li>
    );
  }
  const onClick = (event: { preventDefault(): void }) => {
    if (!onMore) return;
    event.preventDefault();
    onMore();
  };
  return (
    <li className="menu__item menu__more">
      <a className="menu__link menu__more-link" href={href(node.href)} onClick={onClick}>
        {text}
      </a>
    </li>
  );
}
