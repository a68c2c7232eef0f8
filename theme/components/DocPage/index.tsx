import { useEffect, useRef } from 'react';
import type { DocPageProps } from '../../types.ts';
import { Badges } from '../Badges/index.tsx';
import { Breadcrumbs } from '../Breadcrumbs/index.tsx';
import { Islands } from '../Islands/index.tsx';
import { enhanceCodeBlocks } from '../CodeBlock/enhance.ts';
import { Feedback } from '../Feedback/index.tsx';
import { PageMeta } from '../PageMeta/index.tsx';
import { enhanceImageZoom } from '../ImageZoom/enhance.ts';
import { PageActions } from '../PageActions/index.tsx';
import { useDiagrams } from '../Diagram/index.ts';
import { Pagination } from '../Pagination/index.tsx';
import { useSearchHighlight } from '../SearchBar/index.tsx';
import { useLocation } from '../../runtime/location.ts';
import { Sidebar } from '../Sidebar/index.tsx';
import { MobileTableOfContents, TableOfContents } from '../TableOfContents/index.tsx';
import { enhanceTabs } from '../Tabs/enhance.ts';
import { VersionBanner } from '../Versions/Banner.tsx';

/**
 * The article is server-rendered HTML, so its interactive parts are wired to the DOM after
 * hydration, and again whenever a navigation brings another article.
 */
function useArticleBehaviour(html: string, tabGroupPrefix: string) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const cleanups = [enhanceTabs(root, tabGroupPrefix), enhanceCodeBlocks(root), enhanceImageZoom(root)];
    return () => cleanups.forEach((c) => c());
  }, [html, tabGroupPrefix]);
  return ref;
}

/**
 * Sidebar, article (breadcrumbs, title, content, pagination) and table of contents.
 * `tabGroupPrefix` is the config's `storage.tabGroupPrefix`.
 */
export function DocPage(props: DocPageProps & { route: string; tabGroupPrefix: string }) {
  const article = useArticleBehaviour(props.html, props.tabGroupPrefix);
  useDiagrams(article, props.html);
  const location = useLocation();
  useSearchHighlight(() => article.current?.closest('article') ?? null, location.search, location.hash, props.html);
  return (
    <div className={`doc-page${props.sidebar ? '' : ' doc-page--no-sidebar'}`}>
      {props.sidebar && (
        <aside className="doc-page__sidebar">
          <Sidebar nodes={props.sidebar} route={props.route} />
        </aside>
      )}
      <main id="main-content" className="doc-main">
        <VersionBanner />
        <article className="doc">
          <PageActions markdown={props.sourceHref} markdownUrl={props.markdownUrl} />
          <Breadcrumbs trail={props.breadcrumbs} current={props.title} />
          <MobileTableOfContents items={props.toc} />
          {!props.hideTitle && (
            <header>
              <h1 className="doc__title">
                {props.title}
                <Badges badges={props.badges} />
              </h1>
            </header>
          )}
          <div className="markdown" ref={article} data-docgen-html="" dangerouslySetInnerHTML={{ __html: props.html }} />
          <Islands html={props.html} scripts={props.islands} />
          <PageMeta editUrl={props.editUrl} lastUpdated={props.lastUpdated} />
        </article>
        <Feedback route={props.route} title={props.title} />
        <Pagination previous={props.previous} next={props.next} />
      </main>
      {props.toc.length > 0 && <TableOfContents items={props.toc} />}
    </div>
  );
}
