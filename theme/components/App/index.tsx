import type { RouteChunk, ThemeConfig } from '../../types.ts';
import { DocPage } from '../DocPage/index.tsx';
import { AppCrash, ContentCrash, ErrorBoundary, LoadError } from '../ErrorBoundary/index.tsx';
import { Layout } from '../Layout/index.tsx';
import { NotFound } from '../NotFound/index.tsx';
import { BaseUrlContext } from '../../runtime/base.ts';
import { ThemeConfigContext } from '../../runtime/config.ts';
import { VersionContext } from '../Versions/context.ts';

function Content({ page, docsHome, tabGroupPrefix }: { page: RouteChunk; docsHome: string; tabGroupPrefix: string }) {
  switch (page.kind) {
    case 'doc':
      return <DocPage {...page.doc!} html={page.html} route={page.route} tabGroupPrefix={tabGroupPrefix} />;
    case 'page':
      return <main id="main-content" className="page" data-docgen-html="" dangerouslySetInnerHTML={{ __html: page.html }} />;
    case 'notFound':
      return <NotFound docsHome={docsHome} />;
  }
}

export interface AppProps {
  config: ThemeConfig;
  page: RouteChunk;
  /** Set by the client router when a page could not be loaded. */
  loadError?: { message: string; retry: () => void };
  /** "Try again" after a crash reloads the page's data first. */
  onReset?: () => Promise<void>;
}

/** The whole page: the same tree on the server and, hydrated, in the browser. */
export function App({ config, page, loadError, onReset }: AppProps) {
  const versions = { versions: config.docs.versions, page: page.doc?.version, product: config.docs.product ?? config.title, storageKey: config.storage.preferredVersion };
  return (
    <BaseUrlContext.Provider value={config.baseUrl}>
      <ThemeConfigContext.Provider value={config}>
        <VersionContext.Provider value={versions}>
          <ErrorBoundary fallback={(error, tryAgain) => <AppCrash error={error} tryAgain={tryAgain} />} onReset={onReset}>
            <Layout config={config} route={page.route} sidebar={page.doc?.sidebar ?? null}>
              <ErrorBoundary resetKey={page.route} fallback={(error, tryAgain) => <ContentCrash error={error} tryAgain={tryAgain} />} onReset={onReset}>
                {loadError ? <LoadError {...loadError} /> : <Content page={page} docsHome={`${config.docs.routeBase}/`} tabGroupPrefix={config.storage.tabGroupPrefix} />}
              </ErrorBoundary>
            </Layout>
          </ErrorBoundary>
        </VersionContext.Provider>
      </ThemeConfigContext.Provider>
    </BaseUrlContext.Provider>
  );
}
