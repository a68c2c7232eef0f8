import type { DocPageProps } from '../../types.ts';

/** The end of a doc's article: its "Edit this page" link and when (and by whom) it last changed. */
export function PageMeta({ editUrl, lastUpdated }: Pick<DocPageProps, 'editUrl' | 'lastUpdated'>) {
  if (!editUrl && !lastUpdated) return null;
  return (
    <footer className="page-meta">
      {editUrl && (
        <a className="page-meta__edit" href={editUrl} target="_blank" rel="noopener noreferrer">
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24">
            <path fill="currentColor" d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z" />
          </svg>
          Edit this page
        </a>
      )}
      {lastUpdated && (
        <p className="page-meta__updated">
          Last updated
          {lastUpdated.date && (
            <>
              {' on '}
              <time dateTime={lastUpdated.datetime}>{lastUpdated.date}</time>
            </>
          )}
          {lastUpdated.author && (
            <>
              {' by '}
              <span className="page-meta__author">{lastUpdated.author}</span>
            </>
          )}
        </p>
      )}
    </footer>
  );
}
