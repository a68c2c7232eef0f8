import type { TocItem } from '../../types.ts';

/** "On this page": a flat list indented by level. */
export function TableOfContents({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  const min = Math.min(...items.map((i) => i.level));
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc__title">On this page</p>
      <ul className="toc__list">
        {items.map((item) => (
          <li key={item.id} className={`toc__item toc__item--${item.level - min}`}>
            <a className="toc__link" href={`#${item.id}`}>
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
