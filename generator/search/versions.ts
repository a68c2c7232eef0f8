import { pointerFileOf } from '../../common/search/versions.ts';
import type { Doc, OutputFile, RenderedDocs, SearchDocuments, SiteConfig } from '../model.ts';
import { searchDocuments, searchFiles, searchStamp } from './index.ts';

/** What `searchDocuments` takes after the docs, their rendering and the config, passed on as it is. */
type MoreArgs = Parameters<typeof searchDocuments> extends [Doc[], RenderedDocs, SiteConfig, ...infer More] ? More : never;

/**
 * The search documents of each docs version apart: the latest's (with every page outside the
 * docs) as the result, each older version's in `older`. A site with one version gets exactly
 * `searchDocuments`.
 */
export function searchDocumentsByVersion(docs: Doc[], rendered: RenderedDocs, config: SiteConfig, ...more: MoreArgs): SearchDocuments {
  if (!docs.some((d) => d.version)) return searchDocuments(docs, rendered, config, ...more);
  const byVersion = new Map<string, Doc[]>(config.docs.versions.map((v) => [v.name, []]));
  for (const doc of docs) byVersion.get(doc.version ?? 'current')?.push(doc);
  const latest = searchDocuments(byVersion.get('current') ?? [], rendered, config, ...more);
  const older = config.docs.versions.filter((v) => v.name !== 'current').map((v) => ({ name: v.name, documents: searchDocuments(byVersion.get(v.name)!, rendered, config, ...more) }));
  return { ...latest, excluded: latest.excluded + older.reduce((n, o) => n + o.documents.excluded, 0), older };
}

/** Every version's search files, each version's named by its own documents' hash. */
export function versionedSearchFiles(search: SearchDocuments): OutputFile[] {
  const files = searchFiles(search, searchStamp(search.hash));
  for (const { name, documents } of search.older ?? []) files.push(...searchFiles(documents, searchStamp(documents.hash), pointerFileOf(name)));
  return files;
}
