import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ContentError, DocgenError, PageModuleError } from '../errors.ts';
import type { Asset, Category, Doc, OutputFile, PageSource, SiteConfig } from '../model.ts';
import { importSiteModule } from '../modules.ts';
import { keyLine } from './frontmatter.ts';
import { below, walk } from './listing.ts';
import { parseLargeSite } from './parallel.ts';
import { parsedParts, readParts, type ParsedDoc } from './parsed.ts';
import { docRoute } from './routes.ts';
import { checkDocRoute, checkPageRoute } from './safe-routes.ts';
import { checkContentFile, checkContentFolders } from './symlinks.ts';
import { readOlderVersions } from './versions.ts';

const IMAGE = /\.(png|jpe?g|gif|svg|webp|avif|ico)$/i;

/** The config's part in reading a doc: the route base its route starts with, the badges it may show. */
export interface ContentShape {
  routeBase: string;
  badges: readonly string[];
  /** The older versions (none unless versions.json lists some): each one's name and route base. */
  older?: { name: string; path: string }[];
}

export function contentShape(config: SiteConfig): ContentShape {
  const shape = { routeBase: config.docs.routeBase, badges: config.badges.map((b) => b.label) };
  const older = config.docs.versions.filter((v) => v.name !== 'current').map(({ name, path }) => ({ name, path }));
  return older.length ? { ...shape, older } : shape;
}

/** An older version's docs as read from versioned_docs/version-<name>/, with the sidebars it was made with. */
export interface OlderVersionFiles {
  name: string;
  files: ContentFiles;
  sidebars: SiteConfig['sidebars'];
}

/** What content/ holds, read from disk: the input of the content stage's pure part (index.ts). */
export interface ContentFiles {
  /** content/docs, absolute. */
  docsDir: string;
  /** What of the config the docs are read with. */
  shape: ContentShape;
  /** Every file under content/docs, absolute, in walk order (folders first met first). */
  docFiles: string[];
  /** By absolute path. */
  docs: Map<string, Doc>;
  categories: Map<string, Category>;
  assets: Map<string, Asset>;
  pages: PageSource[];
  staticFiles: OutputFile[];
  /** The older versions, newest first (absent when there are none). */
  older?: OlderVersionFiles[];
}

function readCategory(root: string, file: string, dir: string): Category {
  const rel = below(root, file);
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

/** `parsed`: the doc as read on the reading thread (parallel.ts), if it was. */
function readDoc(root: string, file: string, docsDir: string, { routeBase, badges }: ContentShape, parsed?: ParsedDoc): Doc {
  const rel = below(root, file);
  const { raw, frontMatter, body, bodyLine } = parsed ? parsedParts(parsed) : readParts(file, rel, badges);
  const relId = below(docsDir, file).split(path.sep).join('/').replace(/\.md$/, '');
  const id = frontMatter.id ? relId.replace(/[^/]+$/, frontMatter.id) : relId;
  const route = docRoute(id, routeBase, frontMatter.slug);
  checkDocRoute(route, frontMatter, { file: rel, line: (key) => keyLine(raw, key) });
  return {
    id,
    source: rel,
    route,
    // A look for the heading only without a title: a search of every line of every doc.
    title: frontMatter.title ?? /^#\s+(.+)$/m.exec(body)?.[1].trim() ?? path.basename(id),
    description: frontMatter.description,
    frontMatter,
    body,
    bodyLine,
    raw,
  };
}

function readImage(file: string): Asset {
  const bytes = readFileSync(file);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  const ext = path.extname(file);
  return { source: file, url: `/assets/img/${path.basename(file, ext)}.${hash}${ext}`, bytes };
}

/** Files under content/static are published at the site root as they are. */
function readStatic(root: string): OutputFile[] {
  const dir = path.join(root, 'content', 'static');
  if (!existsSync(dir)) return [];
  return walk(dir).map((full) => {
    checkContentFile(root, full);
    return { path: path.relative(dir, full).split(path.sep).join('/'), contents: readFileSync(full) };
  });
}

/** `cacheDir`: where esbuild's output of an earlier build is kept (none: compile every module). */
async function readPages(root: string, cacheDir?: string): Promise<PageSource[]> {
  const dir = path.join(root, 'content', 'pages');
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).filter((f) => /\.(tsx|jsx|ts|js)$/.test(f)).sort();
  const pages: PageSource[] = [];
  for (const f of files) {
    const abs = path.join(dir, f);
    const rel = path.relative(root, abs);
    checkContentFile(root, abs);
    const name = f.replace(/\.\w+$/, '');
    const route = name === 'index' ? '/' : `/${name}`;
    checkPageRoute(route, rel);
    let mod: Record<string, unknown>;
    try {
      mod = await importSiteModule(root, abs, cacheDir);
    } catch (err) {
      const e = err as PageModuleError;
      throw new PageModuleError(e.message, e.location ?? { file: rel }, e.hint, { cause: err });
    }
    if (typeof mod.default !== 'function') {
      throw new PageModuleError('page module has no default export', { file: rel }, 'export a React component: export default function Page() { ... }');
    }
    pages.push({
      source: rel,
      route,
      component: mod.default as PageSource['component'],
      meta: (mod.meta as PageSource['meta']) ?? {},
    });
  }
  return pages;
}

/**
 * Read one file of content/docs into its map (a file of another kind is only listed); `link`:
 * whether it is a symbolic link, when its folder's listing said; `parsed`: a doc as the reading
 * thread read it.
 */
export function readDocsFile(root: string, file: string, into: ContentFiles, link?: boolean, parsed?: ParsedDoc): void {
  const { docsDir } = into;
  checkContentFile(root, file, link);
  const base = path.basename(file);
  if (base.endsWith('.md')) into.docs.set(file, readDoc(root, file, docsDir, into.shape, parsed));
  else if (base === '_category_.json') into.categories.set(file, readCategory(root, file, below(docsDir, path.dirname(file)).split(path.sep).join('/')));
  else if (IMAGE.test(base)) into.assets.set(file, readImage(file));
}

/**
 * Reports a file that cannot be read (its key: the file, or the pages or static folder) and
 * goes on without it. Without one, the first bad file throws (a build stops there).
 */
export type OnReadError = (key: string, err: DocgenError) => void;

export async function attempt(key: string, onError: OnReadError | undefined, fn: () => unknown): Promise<void> {
  if (!onError) {
    await fn();
    return;
  }
  try {
    await fn();
  } catch (err) {
    if (!(err instanceof DocgenError)) throw err;
    onError(key, err);
  }
}

const pagesKey = (root: string) => path.join(root, 'content', 'pages');
const staticKey = (root: string) => path.join(root, 'content', 'static');

/** Read everything under content/; `cacheDir` keeps the page modules' compiled form between builds. */
export async function readContentFiles(root: string, shape: ContentShape, onError?: OnReadError, cacheDir?: string): Promise<ContentFiles> {
  checkContentFolders(root);
  if (!existsSync(path.join(root, 'content'))) {
    throw new ContentError('no content/ folder', { file: 'content/' }, 'create content/docs/index.md (docs) and content/pages/index.tsx (home page)');
  }
  const docsDir = path.join(root, 'content', 'docs');
  const links = new Set<string>();
  const files: ContentFiles = { docsDir, shape, docFiles: existsSync(docsDir) ? walk(docsDir, [], links) : [], docs: new Map(), categories: new Map(), assets: new Map(), pages: [], staticFiles: [] };
  const parsed = await parseLargeSite(root, files.docFiles, links, shape.badges);
  for (const file of files.docFiles) await attempt(file, onError, () => readDocsFile(root, file, files, links.has(file), parsed.get(file)));
  await attempt(pagesKey(root), onError, async () => (files.pages = await readPages(root, cacheDir)));
  await attempt(staticKey(root), onError, () => (files.staticFiles = readStatic(root)));
  if (shape.older) files.older = await readOlderVersions(root, shape, onError);
  return files;
}

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

/**
 * Read again only what changed (the dev server's path): changed docs, categories and images one
 * by one; the page modules or the static files as a whole when one of theirs changed. A file
 * that fails keeps its previous state (and is reported), so one bad file never hides the
 * others' edits.
 */
export async function rereadContentFiles(prev: ContentFiles, root: string, changed: string[], onError: OnReadError): Promise<ContentFiles> {
  const next = await rereadDocs(prev, root, changed, onError);
  if (prev.older) next.older = await Promise.all(prev.older.map(async (o) => ({ ...o, files: await rereadDocs(o.files, root, changed, onError) })));
  const staticDir = staticKey(root);
  const inside = (p: string, dir: string) => p === dir || p.startsWith(dir + path.sep);
  if (changed.some((p) => inside(p, staticDir))) await attempt(staticDir, onError, () => (next.staticFiles = readStatic(root)));
  // Pages may import any module of the site outside docs/ and static/: compile them all again.
  const contentDir = path.join(root, 'content');
  if (changed.some((p) => inside(p, contentDir) && !inside(p, prev.docsDir) && !inside(p, staticDir))) {
    await attempt(pagesKey(root), onError, async () => (next.pages = await readPages(root)));
  }
  return next;
}

/** The docs of one folder (content/docs or an older version's) read again where `changed` touches them. */
async function rereadDocs(prev: ContentFiles, root: string, changed: string[], onError: OnReadError): Promise<ContentFiles> {
  const { docsDir } = prev;
  const next: ContentFiles = { ...prev, docs: new Map(prev.docs), categories: new Map(prev.categories), assets: new Map(prev.assets) };
  const inDocs = changed.filter((p) => p.startsWith(docsDir + path.sep));
  const known = new Set(prev.docFiles);
  // A file or folder appeared or vanished: list the folder again and reconcile the maps.
  if (inDocs.some((p) => known.has(p) !== isFile(p))) {
    next.docFiles = existsSync(docsDir) ? walk(docsDir) : [];
    const listed = new Set(next.docFiles);
    for (const map of [next.docs, next.categories, next.assets]) for (const p of map.keys()) if (!listed.has(p)) map.delete(p);
    for (const p of next.docFiles) if (!known.has(p)) await attempt(p, onError, () => readDocsFile(root, p, next));
  }
  for (const p of inDocs) if (known.has(p) && isFile(p)) await attempt(p, onError, () => readDocsFile(root, p, next));
  return next;
}
