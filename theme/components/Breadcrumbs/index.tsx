import type { Crumb } from '../../types.ts';

/** Home link, the category trail, then the current page (not a link). */
export function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <a href="/" aria-label="Home page">
            Home
          </a>
        </li>
        {trail.map((c, i) => (
          <li key={i}>{c.href ? <a href={c.href}>{c.label}</a> : <span>{c.label}</span>}</li>
        ))}
        <li aria-current="page">
          <span>{current}</span>
        </li>
      </ol>
    </nav>
  );
}
