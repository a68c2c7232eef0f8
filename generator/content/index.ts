import path from 'node:path';
import type { Category, Doc, SidebarNode, Sidebars, SiteConfig, SiteContent } from '../model.ts';
import { indexFolders, type Folders } from './folders.ts';
import { below } from './listing.ts';
import { contentShape, readContentFiles, type ContentFiles, type OlderVersionFiles } from './read.ts';
import { olderVersionConfig, prefixSidebars, versionedDoc } from './versions.ts';
import { docRoute } from './routes.ts';
import { resolveNavbar } from './navbar.ts';
import { buildSidebars, displayedSidebars } from './sidebars.ts';
import { firstPerRoute } from '../routes/index.ts';
import { versionPages } from '../versions/pages.ts';

export { contentShape, readContentFiles, rereadContentFiles, type ContentFiles, type ContentShape } from './read.ts';

interface FolderIndex extends Folders {
  routeBase: string;
  cats: Map<string, Category>;
  byId: Map<string, Doc>;
}

/** A folder without index.md gets a page listing its children, so no folder URL is a 404. */
function generatedIndex(dir: string, f: FolderIndex): Doc {
  const id = `${dir}/index`;
  const category = f.cats.get(dir);
  type Child = { route: string; title: string; description?: string; position: number; name: string };
  const children: Child[] = [
    ...(f.docsIn.get(dir) ?? [])
      .filter((d) => !d.id.endsWith('/index'))
      .map((d) => ({ route: d.route, title: d.frontMatter.sidebar_label ?? d.title, description: d.description, position: d.frontMatter.sidebar_position ?? Infinity, name: d.id })),
    ...(f.dirsIn.get(dir) ?? []).map((d) => {
      const index = f.byId.get(`${d}/index`);
      const cat = f.cats.get(d);
      return { route: `${f.routeBase}/${d}/`, title: cat?.label ?? index?.title ?? d.split('/').pop()!, description: index?.description ?? cat?.description, position: cat?.position ?? Infinity, name: d };
    }),
  ].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  const lines = children.map((c) => `- [${c.title}](${c.route})${c.description ? `: ${c.description}` : ''}`);
  const title = category?.label ?? dir.split('/').pop()!;
  const body = `${category?.description ?? `Pages in ${title}.`}\n\n${lines.join('\n')}\n`;
  return {
    id,
    source: `content/docs/${dir}`,
    route: docRoute(id, f.routeBase),
    title,
    description: category?.description,
    frontMatter: { title, hide_table_of_contents: true },
    body,
    bodyLine: 1,
    raw: `---\ntitle: ${JSON.stringify(title)}\n---\n\n${body}`,
    generated: true,
  };
}

/** A sidebar without the entries of the given docs. */
function withoutDocs(nodes: SidebarNode[], ids: Set<string>): SidebarNode[] {
  return nodes.filter((n) => n.type !== 'doc' || !ids.has(n.id)).map((n) => (n.type === 'category' ? { ...n, items: withoutDocs(n.items, ids) } : n));
}

/** One version's docs (generated folder indexes added, in id order) and categories. */
function versionDocs(files: ContentFiles, config: SiteConfig): { docs: Doc[]; categories: Category[] } {
  const docs: Doc[] = [];
  const categories: Category[] = [];
  const dirs = new Set<string>();
  for (const file of files.docFiles) {
    const doc = files.docs.get(file);
    if (doc) docs.push(doc);
    const category = files.categories.get(file);
    if (category) categories.push(category);
    const relDir = below(files.docsDir, path.dirname(file)).split(path.sep).join('/');
    for (let d = relDir; d; d = d.includes('/') ? d.slice(0, d.lastIndexOf('/')) : '') dirs.add(d);
  }
  const catByDir = new Map(categories.map((c) => [c.dir, c]));
  const ids = new Set(docs.map((d) => d.id));
  const folders: FolderIndex = { ...indexFolders(docs), routeBase: config.docs.routeBase, cats: catByDir, byId: new Map(docs.map((d) => [d.id, d])) };
  for (const dir of [...dirs].sort()) {
    if (!ids.has(`${dir}/index`)) docs.push(generatedIndex(dir, folders));
  }
  docs.sort((a, b) => a.id.localeCompare(b.id));
  return { docs, categories };
}

/** Images beside older versions' docs are published like the latest's. */
function withOlderAssets(files: ContentFiles): SiteContent['assets'] {
  if (!files.older?.length) return files.assets;
  return new Map([...files.assets, ...files.older.flatMap((o) => [...o.files.assets])]);
}

/** An older version's docs under prefixed ids, with the sidebars built from them. */
function olderVersion(older: OlderVersionFiles, config: SiteConfig) {
  const versionConfig = olderVersionConfig(config, older);
  const { docs } = versionDocs(older.files, versionConfig);
  const built = buildSidebars(docs, [...older.files.categories.values()], versionConfig);
  const prefixed = prefixSidebars(built, displayedSidebars(docs, built, versionConfig), older.name);
  return { docs: docs.map((d) => versionedDoc(d, older.name)), ...prefixed };
}

/**
 * The content stage's pure part: the docs read, plus a generated index for every folder without
 * one, the sidebars and the navbar; then each older version's docs the same way, under their
 * own ids and sidebars. The dev server calls it again after reading only what changed.
 */
export function assembleContent(files: ContentFiles, config: SiteConfig): SiteContent {
  const { docs, categories } = versionDocs(files, config);
  const older = (files.older ?? []).map((o) => olderVersion(o, config));
  // A doc whose route another one already has is left out before anything shows it. The
  // sidebars are built from every doc (a hand-listed sidebar may name either), then lose it.
  const all = older.length ? [...docs, ...older.flatMap((o) => o.docs)] : docs;
  const winners = firstPerRoute(files.pages, all);
  const kept = new Set(winners.docs);
  const lost = new Set(all.filter((d) => !kept.has(d)).map((d) => d.id));
  const built = Object.assign(buildSidebars(docs, categories, config), ...older.map((o) => o.sidebars)) as Sidebars;
  const sidebars = lost.size ? Object.fromEntries(Object.entries(built).map(([id, nodes]) => [id, withoutDocs(nodes, lost)])) : built;
  const navbar = versionPages(winners.docs, config).navbar(resolveNavbar(config, docs, sidebars));
  const displayed = Object.assign(displayedSidebars(winners.docs.filter((d) => !d.version), built, config), ...older.map((o) => o.displayed)) as Record<string, string | null>;
  for (const id of lost) delete displayed[id];
  return { docs: winners.docs, categories, sidebars, displayedSidebars: displayed, navbar, pages: winners.pages, assets: withOlderAssets(files), staticFiles: files.staticFiles, duplicates: winners.duplicates };
}

/** The content stage: read content/, validate front matter, compute routes and sidebars (`cacheDir`: as readContentFiles'). */
export async function readContent(root: string, config: SiteConfig, cacheDir?: string): Promise<SiteContent> {
  return assembleContent(await readContentFiles(root, contentShape(config), undefined, cacheDir), config);
}
