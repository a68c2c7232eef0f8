import { createContext, useContext, useEffect, useState } from 'react';
import type { DocsVersionConfig } from '../../../common/config.ts';
import type { PageVersion } from '../../../common/page.ts';
import { readStorage } from '../../runtime/storage.ts';

/** What the version components read: the site's versions and where the page is among them. */
export interface VersionState {
  versions: DocsVersionConfig[];
  /** The page's version and its links; absent outside the docs and with one version. */
  page?: PageVersion;
  /** The product named in the banner. */
  product: string;
  /** The storage key of the version the reader picked. */
  storageKey: string;
}

export const VersionContext = createContext<VersionState>({ versions: [], product: '', storageKey: '' });

export const useVersions = () => useContext(VersionContext);

/** The latest version: the one marked `isLast`, else the first. */
export function latestOf(versions: DocsVersionConfig[]): DocsVersionConfig {
  return versions.find((v) => v.isLast) ?? versions[0];
}

/**
 * The version whose docs the navbar's links open: the page's own in the docs, elsewhere the one
 * the reader picked last (read after hydration, so the server's markup is what hydrates), else
 * the latest.
 */
export function useActiveVersion(): string | undefined {
  const { versions, page, storageKey } = useVersions();
  const [preferred, setPreferred] = useState<string | null>(null);
  useEffect(() => {
    if (versions.length < 2) return;
    const read = () => setPreferred(readStorage(storageKey));
    read();
    window.addEventListener('storage', read);
    return () => window.removeEventListener('storage', read);
  }, [versions, storageKey]);
  if (page) return page.name;
  return versions.some((v) => v.name === preferred) ? preferred! : undefined;
}
