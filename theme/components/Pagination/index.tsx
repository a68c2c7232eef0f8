import { useHref } from '../../runtime/base.ts';
import type { PageLink } from '../../types.ts';

export function Pagination({ previous, next }: { previous?: PageLink; next?: PageLink }) {
  const href = useHref();
  if (!previous && !next) return null;
  return (
    <nav className="pagination" aria-label="Docs pages">
      {previous && (
        <a className="pagination__link pagination__link--prev" href={href(previous.href)}>
          <span className="pagination__sub">Previous</span>
          <span className="pagination__label">{previous.title}</span>
        </a>
      )}
      {next && (
        <a className="pagination__link pagination__link--next" href={href(next.href)}>
          <span className="pagination__sub">Next</span>
          <span className="pagination__label">{next.title}</span>
        </a>
      )}
    </nav>
  );
}
