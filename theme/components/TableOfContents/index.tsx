import { useEffect, useState } from 'react';
import type { TocItem } from '../../types.ts';

interface TocNode extends TocItem {
  children: TocNode[];
}

/** Nest each heading under the nearest shallower one before it. */
export function tocTree(items: TocItem[]): TocNode[] {
  const root: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of items) {
    const node = { ...item, children: [] };
    while (stack.length && stack[stack.length - 1].level >= item.level) stack.pop();
    (stack.length ? stack[stack.length - 1].children : root).push(node);
    stack.push(node);
  }
  return root;
}

/**
 * The heading being read: the first one below the sticky navbar if it sits in the top half
 * of the viewport, else the one before it (the reader is inside that section).
 */
function activeHeading(ids: string[]): string | undefined {
  const offset = document.querySelector('.navbar')?.clientHeight ?? 0;
  const headings = ids.map((id) => document.getElementById(id)).filter((h): h is HTMLElement => !!h);
  const next = headings.findIndex((h) => h.getBoundingClientRect().top >= offset);
  if (next === -1) return headings[headings.length - 1]?.id;
  const rect = headings[next].getBoundingClientRect();
  if (rect.top > 0 && rect.bottom < window.innerHeight / 2) return headings[next].id;
  return headings[next - 1]?.id;
}

function useActiveHeading(items: TocItem[]): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    const ids = items.map((i) => i.id);
    const update = () => setActive(activeHeading(ids));
    update();
    document.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      document.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [items]);
  return active;
}

function TocList({ nodes, active, className }: { nodes: TocNode[]; active?: string; className?: string }) {
  return (
    <ul className={className}>
      {nodes.map((node) => (
        <li key={node.id}>
          <a className={`toc__link${node.id === active ? ' toc__link--active' : ''}`} href={`#${node.id}`} {...(node.id === active ? { 'aria-current': 'location' as const } : {})}>
            {node.text}
          </a>
          {node.children.length > 0 && <TocList nodes={node.children} active={active} />}
        </li>
      ))}
    </ul>
  );
}

/** The desktop table of contents beside the article, with the heading in view highlighted. */
export function TableOfContents({ items }: { items: TocItem[] }) {
  const active = useActiveHeading(items);
  if (items.length === 0) return null;
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc__title">On this page</p>
      <TocList nodes={tocTree(items)} active={active} className="toc__list" />
    </nav>
  );
}

/** Above the article on narrow screens, where the desktop one is hidden; native, so it works without JavaScript. */
export function MobileTableOfContents({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  return (
    <details className="toc-mobile" onClick={(e) => (e.target as Element).closest('a') && e.currentTarget.removeAttribute('open')}>
      <summary className="toc-mobile__button">On this page</summary>
      <TocList nodes={tocTree(items)} className="toc__list" />
    </details>
  );
}
