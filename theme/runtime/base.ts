import { createContext, useContext } from 'react';
import { withBase, withBaseInHtml } from '../../common/base.ts';

/** The site's `baseUrl`, set once by the App for every component that writes a link. */
export const BaseUrlContext = createContext('/');

/** The href to write for a path of the site (`/docs/a` → `/developers/docs/a`); other URLs as they are. */
export function useHref(): (url: string) => string {
  const base = useContext(BaseUrlContext);
  return (url) => withBase(base, url);
}

/** HTML from the config (announcement, copyright) with the base added to its links to paths of the site. */
export function useHtmlWithBase(html: string): string {
  return withBaseInHtml(useContext(BaseUrlContext), html);
}
