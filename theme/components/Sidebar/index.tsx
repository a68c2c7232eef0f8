import { containsRoute } from '../../helpers.ts';
import type { SidebarNode } from '../../types.ts';

function Badges({ badges }: { badges: string[] }) {
  return (
    <>
      {badges.map((b) => (
        <span key={b} className={`badge badge--${b.toLowerCase()}`}>
          {b}
        </span>
      ))}
    </>
  );
}

function Item({ node, route }: { node: SidebarNode; route: string }) {
  switch (node.type) {
    case 'html':
      return <li className="menu__html" dangerouslySetInnerHTML={{ __html: node.value }} />;
    case 'link':
      return (
        <li className="menu__item">
          <a className="menu__link" href={node.href} {...(/^https?:/.test(node.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {node.label}
          </a>
        </li>
      );
    case 'doc':
      return (
        <li className="menu__item">
          <a className="menu__link" href={node.href} {...(node.href === route ? { 'aria-current': 'page' as const } : {})}>
            {node.label}
            <Badges badges={node.badges} />
          </a>
        </li>
      );
    case 'category': {
      const open = !node.collapsed || containsRoute(node, route);
      const label = (
        <>
          {node.label}
          <Badges badges={node.badges} />
        </>
      );
      // A closed category with a page of its own lists its children there: its items are left
      // out of every other page, so a page carries the open path, not the whole tree.
      if (!open && node.href) {
        return (
          <li className="menu__item menu__category menu__category--collapsed">
            <a className="menu__link menu__category-link" href={node.href}>
              {label}
            </a>
          </li>
        );
      }
      return (
        <li className="menu__item menu__category">
          <details open={open}>
            <summary className="menu__category-label">
              {node.href ? (
                <a className="menu__link" href={node.href} {...(node.href === route ? { 'aria-current': 'page' as const } : {})}>
                  {label}
                </a>
              ) : (
                label
              )}
            </summary>
            <ul className="menu__list">
              {node.items.map((n, i) => (
                <Item key={i} node={n} route={route} />
              ))}
            </ul>
          </details>
        </li>
      );
    }
  }
}

/** The doc sidebar; categories are native <details> so they work without JavaScript. */
export function Sidebar({ nodes, route }: { nodes: SidebarNode[]; route: string }) {
  return (
    <nav className="sidebar" aria-label="Docs sidebar">
      <ul className="menu__list">
        {nodes.map((n, i) => (
          <Item key={i} node={n} route={route} />
        ))}
      </ul>
    </nav>
  );
}
