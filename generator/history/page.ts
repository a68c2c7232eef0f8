import type { LastUpdated } from '../../common/page.ts';
import type { Doc, SiteConfig } from '../model.ts';
import type { PageHistory } from './index.ts';

/** What the page meta of a doc reads from the config. */
export type PageMetaConfig = Pick<SiteConfig, 'editUrl' | 'showLastUpdateTime' | 'showLastUpdateAuthor' | 'i18n'>;

/** A source path as git and the edit URL name it: relative to the site root, with "/". */
export const sourcePath = (source: string): string => source.split('\\').join('/');

/**
 * The "Edit this page" URL of a source file: `{path}` in the template replaced by its path, or
 * without `{path}` the path appended to the base. Each segment is escaped, `/` kept.
 */
export function editUrlFor(template: string, source: string): string {
  const file = sourcePath(source).split('/').map(encodeURIComponent).join('/');
  if (template.includes('{path}')) return template.replaceAll('{path}', file);
  return `${template.replace(/\/+$/, '')}/${file}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The date as pages show it, formatted here (in UTC) so the browser renders the same text. */
function formatDate(time: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })));
  return format.format(time * 1000);
}

/** The date and author of a source's last change, as much as the config shows. */
export function lastUpdatedOf(source: string, config: PageMetaConfig, history?: PageHistory): LastUpdated | undefined {
  const change = history?.changes.get(sourcePath(source));
  if (!change || (!config.showLastUpdateTime && !config.showLastUpdateAuthor)) return undefined;
  const iso = new Date(change.time * 1000).toISOString();
  return {
    ...(config.showLastUpdateTime ? { datetime: iso.replace(/\.000Z$/, 'Z'), date: formatDate(change.time, config.i18n.defaultLocale) } : {}),
    ...(config.showLastUpdateAuthor && change.author ? { author: change.author } : {}),
  };
}

/** A doc's edit link and last change, for its page; a folder's generated index has no file to edit or date. */
export function docPageMeta(doc: Doc, config: PageMetaConfig, history?: PageHistory): { editUrl?: string; lastUpdated?: LastUpdated } {
  if (doc.generated) return {};
  const lastUpdated = lastUpdatedOf(doc.source, config, history);
  return {
    ...(config.editUrl ? { editUrl: editUrlFor(config.editUrl, doc.source) } : {}),
    ...(lastUpdated && (lastUpdated.date || lastUpdated.author) ? { lastUpdated } : {}),
  };
}

/** A source's last change as a sitemap `<lastmod>` date (YYYY-MM-DD), if the history has it. */
export function lastmodOf(source: string, history?: PageHistory): string | undefined {
  const change = history?.changes.get(sourcePath(source));
  return change && new Date(change.time * 1000).toISOString().slice(0, 10);
}
