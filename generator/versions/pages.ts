import type { PageVersion } from '../../common/page.ts';
import type { NavbarItemConfig } from '../../common/config.ts';
import { normalizeRoute } from '../content/routes.ts';
import { versionPrefix } from '../content/versions.ts';
import type { NavbarItem } from '../config/schema.ts';
import type { Doc, SiteConfig } from '../model.ts';
import { latestVersion, type DocsVersion } from './config.ts';

/** What a doc page of a versioned site adds to its data and head. */
export interface DocVersionInfo {
  version: PageVersion;
  /** The latest version's equivalent page, named by the canonical link (absent: the page's own). */
  canonical?: string;
  noindex?: boolean;
}

/** Each version's equivalents of the pages, found by their id within the version. */
export interface VersionPages {
  /** A doc's version data; undefined when the site has one version. */
  of(doc: Doc): DocVersionInfo | undefined;
  /** The navbar with each link into the latest docs given its equivalent in every version. */
  navbar(items: NavbarItem[]): NavbarItem[];
}

const NONE: VersionPages = { of: () => undefined, navbar: (items) => items };

/** A doc's id within its version (`version-1.2.0/api/x` → `api/x`). */
export const idInVersion = (doc: Doc) => (doc.version ? doc.id.slice(versionPrefix(doc.version).length) : doc.id);

export function versionPages(docs: readonly Doc[], config: SiteConfig): VersionPages {
  const versions = config.docs.versions;
  if (versions.length < 2) return NONE;
  const byId = new Map<string, Map<string, string>>();
  const byRoute = new Map<string, string>();
  for (const doc of docs) {
    const id = idInVersion(doc);
    let routes = byId.get(id);
    if (!routes) byId.set(id, (routes = new Map()));
    routes.set(doc.version ?? 'current', doc.route);
    if (!doc.version) byRoute.set(normalizeRoute(doc.route), id);
  }
  const main = (v: DocsVersion) => byId.get(v.mainDocId)?.get(v.name) ?? `${v.path}/`;
  const linksOf = (id: string) => Object.fromEntries(versions.map((v) => [v.name, byId.get(id)?.get(v.name) ?? main(v)]));
  const latest = latestVersion(versions);
  const of = (doc: Doc): DocVersionInfo => {
    const name = doc.version ?? 'current';
    const id = idInVersion(doc);
    const own = versions.find((v) => v.name === name);
    const canonical = name === latest.name ? undefined : byId.get(id)?.get(latest.name);
    return { version: { name, links: linksOf(id) }, ...(canonical ? { canonical } : {}), ...(own?.noIndex ? { noindex: true } : {}) };
  };
  const withLinks = (item: NavbarItem): NavbarItem => {
    const id = item.to === undefined ? undefined : byRoute.get(normalizeRoute(item.to.split(/[?#]/)[0]));
    const items = item.items?.map((sub: unknown) => withLinks(sub as NavbarItem));
    const linked: NavbarItem & Pick<NavbarItemConfig, 'versionLinks'> = { ...item, ...(items ? { items } : {}) };
    if (id !== undefined) linked.versionLinks = linksOf(id);
    return linked;
  };
  return { of, navbar: (items) => items.map(withLinks) };
}
