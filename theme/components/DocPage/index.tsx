import type { DocPageProps } from '../../types.ts';
import { Breadcrumbs } from '../Breadcrumbs/index.tsx';
import { Pagination } from '../Pagination/index.tsx';
import { Sidebar } from '../Sidebar/index.tsx';
import { TableOfContents } from '../TableOfContents/index.tsx';

/** Sidebar, article (breadcrumbs, title, content, pagination) and table of contents. */
export function DocPage(props: DocPageProps & { route: string }) {
  return (
    <div className={`doc-page${props.sidebar ? '' : ' doc-page--no-sidebar'}`}>
      {props.sidebar && <Sidebar nodes={props.sidebar} route={props.route} />}
      <main id="main-content" className="doc-main">
        <article className="doc">
          <Breadcrumbs trail={props.breadcrumbs} current={props.title} />
          {!props.hideTitle && (
            <header>
              <h1 className="doc__title">
                {props.title}
                {props.badges.map((b) => (
                  <span key={b} className={`badge badge--${b.toLowerCase()}`}>
                    {b}
                  </span>
                ))}
              </h1>
            </header>
          )}
          <div className="markdown" data-docgen-html="" dangerouslySetInnerHTML={{ __html: props.html }} />
        </article>
        <Pagination previous={props.previous} next={props.next} />
      </main>
      {props.toc.length > 0 && <TableOfContents items={props.toc} />}
    </div>
  );
}
