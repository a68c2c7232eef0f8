/**
 * The pointer file naming a docs version's search files, at the site base: `search-files.json`
 * for the latest docs (and every page outside the docs), `search-files-<name>.json` for an older
 * version, so a reader downloads one version's files only.
 */
export function pointerFileOf(version?: string): string {
  return version === undefined || version === 'current' ? 'search-files.json' : `search-files-${version}.json`;
}
