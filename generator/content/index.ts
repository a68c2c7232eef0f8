import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError, PageModuleError } from '../errors.ts';
import type { Asset, Category, Doc, OutputFile, PageSource, SiteConfig, SiteContent } from '../model.ts';
import { importSiteModule } from '../modules.ts';
import { indexFolders, type Folders } from './folders.ts';
import { parseFrontMatter } from './frontmatter.ts';
import { docRoute, groupOf } from './routes.ts';
import { resolveNavbar } from './navbar.ts';
import { buildSidebars } from './sidebars.ts';

const IMAGE = /\.(png|jpe?g|gif|svg|webp|avif|ico)$/i;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

function readCategory(root: string, file: string, dir: string): Category {
  const rel = path.relative(root, file);
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ContentError(`invalid JSON: ${(err as Error).message}`, { file: rel, line: 1, column: 1 }, 'fix the JSON syntax');
  }
  if (json.label !== undefined && typeof json.label !== 'string') {
    throw new ContentError('"label" must be a string', { file: rel, line: 1, column: 1 });
  }
  if (json.position !== undefined && typeof json.position !== 'number') {
    throw new ContentError('"position" must be a number', { file: rel, line: 1, column: 1 });
  }
  const link = json.link as Category['link'] | undefined;
  if (link !== undefined && !(link && (link.type === 'generated-index' || (link.type === 'doc' && typeof (link as { id?: unknown }).id === 'string')))) {
    throw new ContentError('"link" must be { "type": "doc", "id": "<doc id>" } or { "type": "generated-index" }', { file: rel, line: 1, column: 1 });
  }
  return {
    dir,
    link,
    label: (json.label as string) ?? path.basename(dir),
    position: json.position as number | undefined,
    collapsed: json.collapsed !== false,
    description: typeof json.description === 'string' ? json.description : undefined,
  };
}

function readDoc(root: string, file: string, docsDir: string): Doc {
  const rel = path.relative(root, file);
  const raw = readFileSync(file, 'utf8');
  const { frontMatter, body, bodyLine } = parseFrontMatter(raw, rel);
  const relId = path.relative(docsDir, file).split(path.sep).join('/').replace(/\.md$/, '');
  const id = frontMatter.id ? relId.replace(/[^/]+$/, frontMatter.id) : relId;
  const h1 = /^#\s+(.+)$/m.exec(body);
  return {
    id,
    source: rel,
    route: docRoute(id, frontMatter.slug),
    title: frontMatter.title ?? h1?.[1].trim() ?? path.basename(id),
    description: frontMatter.description,
    frontMatter,
    body,
    bodyLine,
    raw,
    group: groupOf(id),
    displayedSidebar: null,
  };
}

interface FolderIndex extends Folders {
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
      return { route: `/docs/${d}/`, title: cat?.label ?? index?.title ?? d.split('/').pop()!, description: index?.description ?? cat?.description, position: cat?.position ?? Infinity, name: d };
    }),
  ].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  const lines = children.map((c) => `- [${c.title}](${c.route})${c.description ? `: ${c.description}` : ''}`);
  const title = category?.label ?? dir.split('/').pop()!;
  const body = `${category?.description ?? `Pages in ${title}.`}\n\n${lines.join('\n')}\n`;
  return {
    id,
    source: `content/docs/${dir}`,
    route: docRoute(id),
    title,
    description: category?.description,
    frontMatter: { title, hide_table_of_contents: true },
    body,
    bodyLine: 1,
    raw: `---\ntitle: ${JSON.stringify(title)}\n---\n\n${body}`,
    group: groupOf(id),
    displayedSidebar: null,
    generated: true,
  };
}

/** Files under content/static are published at the site root as they are. */
function readStatic(root: string): OutputFile[] {
  const dir = path.join(root, 'content', 'static');
  if (!existsSync(dir)) return [];
  return walk(dir).map((full) => ({ path: path.relative(dir, full).split(path.sep).join('/'), contents: readFileSync(full) }));
}

async function readPages(root: string): Promise<PageSource[]> {
  const dir = path.join(root, 'content', 'pages');
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).filter((f) => /\.(tsx|jsx|ts|js)$/.test(f)).sort();
  const pages: PageSource[] = [];
  for (const f of files) {
    const abs = path.join(dir, f);
    const rel = path.relative(root, abs);
    let mod: Record<string, unknown>;
    try {
      mod = await importSiteModule(root, abs);
    } catch (err) {
      const e = err as PageModuleError;
      throw new PageModuleError(e.message, e.location ?? { file: rel }, e.hint, { cause: err });
    }
    if (typeof mod.default !== 'function') {
      throw new PageModuleError('page module has no default export', { file: rel }, 'export a React component: export default function Page() { ... }');
    }
    const name = f.replace(/\.\w+$/, '');
    pages.push({
      source: rel,
      route: name === 'index' ? '/' : `/${name}`,
      component: mod.default as PageSource['component'],
      meta: (mod.meta as PageSource['meta']) ?? {},
    });
  }
  return pages;
}

/** The content stage: read content/, validate front matter, compute routes and sidebars. */
export async function readContent(root: string, config: SiteConfig): Promise<SiteContent> {
  const docsDir = path.join(root, 'content', 'docs');
  if (!existsSync(path.join(root, 'content'))) {
    throw new ContentError('no content/ folder', { file: 'content/' }, 'create content/docs/index.md (docs) and content/pages/index.tsx (home page)');
  }
  const files = existsSync(docsDir) ? walk(docsDir) : [];
  const docs: Doc[] = [];
  const categories: Category[] = [];
  const assets = new Map<string, Asset>();
  const dirs = new Set<string>();
  for (const file of files) {
    const relDir = path.relative(docsDir, path.dirname(file)).split(path.sep).join('/');
    for (let d = relDir; d; d = d.includes('/') ? d.slice(0, d.lastIndexOf('/')) : '') dirs.add(d);
    const base = path.basename(file);
    if (base.endsWith('.md')) docs.push(readDoc(root, file, docsDir));
    else if (base === '_category_.json') categories.push(readCategory(root, file, relDir));
    else if (IMAGE.test(base)) {
      const bytes = readFileSync(file);
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
      const ext = path.extname(base);
      assets.set(file, { source: file, url: `/assets/img/${path.basename(base, ext)}.${hash}${ext}`, bytes });
    }
  }
  const catByDir = new Map(categories.map((c) => [c.dir, c]));
  const ids = new Set(docs.map((d) => d.id));
  const sortedDirs = [...dirs].sort();
  const folders: FolderIndex = { ...indexFolders(docs), cats: catByDir, byId: new Map(docs.map((d) => [d.id, d])) };
  for (const dir of sortedDirs) {
    if (!ids.has(`${dir}/index`)) docs.push(generatedIndex(dir, folders));
  }
  docs.sort((a, b) => a.id.localeCompare(b.id));
  const sidebars = buildSidebars(docs, categories, config);
  const navbar = resolveNavbar(config, docs, sidebars);
  return { docs, categories, sidebars, navbar, pages: await readPages(root), assets, staticFiles: readStatic(root) };
}
