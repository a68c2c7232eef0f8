import { useHref } from '../../runtime/base.ts';
import type { Crumb } from '../../types.ts';

/** Home link, the category trail, then the current page (not a link). */
export function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  const href = useHref();
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <a href={href('/')} aria-label="Home page" className="breadcrumbs__home">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6a1 1 0 0 0-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" />
            </svg>
          </a>
        </li>
        {trail.map((c, i) => (
          <li key={i}>{c.href ? <a href={href(c.href)}>{c.label}</a> : <span>{c.label}</span>}</li>
        ))}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}
