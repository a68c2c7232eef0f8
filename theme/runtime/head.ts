import { absoluteUrl, withBase } from '../../common/base.ts';
import type { PageData } from '../types.ts';

function meta(selector: string, create: () => HTMLElement, attribute: string, value: string | undefined) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (value === undefined) {
    el?.remove();
    return;
  }
  if (!el) {
    el = create();
    document.head.append(el);
  }
  el.setAttribute(attribute, value);
}

function named(kind: 'name' | 'property', key: string) {
  return () => {
    const el = document.createElement('meta');
    el.setAttribute(kind, key);
    return el;
  };
}

/** After a client navigation the head describes the new page, as a full load would (the same canonical URL). */
export function updateHead(page: PageData, siteUrl: string, baseUrl: string): void {
  document.title = page.title;
  const canonical = absoluteUrl(siteUrl, baseUrl, page.canonical ?? page.route);
  meta('meta[name="description"]', named('name', 'description'), 'content', page.description);
  meta('meta[property="og:description"]', named('property', 'og:description'), 'content', page.description);
  meta('meta[property="og:title"]', named('property', 'og:title'), 'content', page.title);
  meta('meta[property="og:url"]', named('property', 'og:url'), 'content', canonical);
  const image = page.image && absoluteUrl(siteUrl, baseUrl, page.image.src);
  meta('meta[property="og:image"]', named('property', 'og:image'), 'content', image);
  meta('meta[property="og:image:alt"]', named('property', 'og:image:alt'), 'content', page.image?.alt);
  meta('meta[name="twitter:image"]', named('name', 'twitter:image'), 'content', image);
  meta('meta[name="twitter:image:alt"]', named('name', 'twitter:image:alt'), 'content', page.image?.alt);
  meta('meta[name="robots"]', named('name', 'robots'), 'content', page.noindex ? 'noindex, nofollow' : undefined);
  meta('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', canonical);
  const markdown = page.doc && withBase(baseUrl, page.doc.sourceHref);
  meta('link[rel="alternate"][type="text/markdown"]', () => Object.assign(document.createElement('link'), { rel: 'alternate', type: 'text/markdown' }), 'href', markdown);
}
