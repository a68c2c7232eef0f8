import { pointerFileOf } from '../../common/search/versions.ts';
import type { Doc, OutputFile, RenderedDocs, SearchDocuments, SiteConfig } from '../model.ts';
import { searchDocuments, searchFiles, searchStamp } from './index.ts';

/**
 * The search documents of each docs version apart: the latest's (with every page outside the
 * docs) as the result, each older version's in `older`. A site with one version gets exactly
 * `searchDocuments`.
 */
export function searchDocumentsByVersion(docs: Doc[], rendered: RenderedDocs, config: SiteConfig): SearchDocuments {
  if (!docs.some((d) => d.version)) return searchDocuments(docs, rendered, config);
  const byVersion = new Map<string, Doc[]>(config.docs.versions.map((v) => [v.name, []]));
  for (const doc of docs) byVersion.get(doc.version ?? 'current')?.push(doc);
  const latest = searchDocuments(byVersion.get('current') ?? [], rendered, config);
  const older = config.docs.versions.filter((v) => v.name !== 'current').map((v) => ({ name: v.name, documents: searchDocuments(byVersion.get(v.name)!, rendered, config) }));
  return { ...latest, excluded: latest.excluded + older.reduce((n, o) => n + o.documents.excluded, 0), older };
}

/** Every version's search files, each version's named by its own documents' hash. */
export function versionedSearchFiles(search: SearchDocuments): OutputFile[] {
  const files = searchFiles(search, searchStamp(search.hash));
  for (const { name, documents } of search.older ?? []) files.push(...searchFiles(documents, searchStamp(documents.hash), pointerFileOf(name)));
  return files;
}
