/**
 * The types that flow between pipeline stages. Each stage takes one of these models and
 * returns the next; nothing else is shared.
 */
import type { ComponentType } from 'react';
import type { Diagnostic } from './errors.ts';
import type { NavbarItem, SiteConfig } from './config/schema.ts';
import type { SearchDoc } from '../common/search/text.ts';
import type { Badge, SidebarNode, TocItem } from '../common/page.ts';
import type { ServerTheme } from '../common/theme.ts';
import type { DocFrontMatter } from './content/frontmatter.ts';
import type { PageHistory } from './history/index.ts';

export type { SiteConfig, Diagnostic, SearchDoc, Badge, SidebarNode, TocItem, DocFrontMatter };

/** One Markdown document under content/docs (or a generated folder index). */
export interface Doc {
  /** Path below content/docs without `.md`, e.g. `api/tokens/index`. */
  id: string;
  /** Source file relative to the site root (for messages). */
  source: string;
  /** Served route, e.g. `/docs/api/tokens/`. */
  route: string;
  title: string;
  description?: string;
  frontMatter: DocFrontMatter;
  /** Markdown without front matter. */
  body: string;
  /** Source line on which `body` starts (1-based), so positions map back to the file. */
  bodyLine: number;
  /** The whole source file, published beside the page. */
  raw: string;
  /** True for an index page generated for a folder without `index.md`. */
  generated?: boolean;
  /** The older version the doc belongs to (its id then starts with `version-<name>/`); absent for the latest. */
  version?: string;
}

export interface Category {
  /** Folder below content/docs, e.g. `api/tokens`. */
  dir: string;
  label: string;
  position?: number;
  collapsed: boolean;
  description?: string;
  /** What the category label links to; default: the folder's index page. */
  link?: { type: 'doc'; id: string } | { type: 'generated-index' };
}

export type Sidebars = Record<string, SidebarNode[]>;

/** A static file referenced from Markdown (an image beside it), published content-hashed. */
export interface Asset {
  /** Absolute source path. */
  source: string;
  /** Published URL, e.g. `/assets/img/diagram.3f2a9c1b.png`. */
  url: string;
  bytes: Buffer;
}

export interface PageMeta {
  title?: string;
  description?: string;
}

/** A React page module from content/pages. */
export interface PageSource {
  source: string;
  route: string;
  component: ComponentType;
  meta: PageMeta;
}

export interface SiteContent {
  docs: Doc[];
  /** Navbar items with their links resolved (doc ids, sidebars). */
  navbar: NavbarItem[];
  categories: Category[];
  sidebars: Sidebars;
  /** The sidebar each doc's page shows (null: none), by doc id. */
  displayedSidebars: Record<string, string | null>;
  pages: PageSource[];
  /** Keyed by absolute source path. */
  assets: Map<string, Asset>;
  /** Files of content/static, published at the site root as they are (logo, favicon). */
  staticFiles: OutputFile[];
  /**
   * Docs and pages left out because one before them has the same route (see routes/): every
   * stage sees only the winners; the routes stage reports these.
   */
  duplicates?: { route: string; source: string; kind: 'doc' | 'page' }[];
}

/** A link found in a page, with its position in the source file. */
export interface LinkRef {
  url: string;
  line: number;
  column: number;
}

/** A section of a page for the search index: heading + plain text under it. */
export interface SearchSection {
  heading: string;
  anchor: string;
  text: string;
}

/** A search document (page or section) with what is indexed but not shipped: all its text, keywords. */
export interface IndexedDoc extends SearchDoc {
  body: string;
  keywords: string;
}

/** Output of the search stage's first step: the documents, their hash, and the pages left out. */
export interface SearchDocuments {
  docs: IndexedDoc[];
  /** Hash of everything indexed: same hash, same files. */
  hash: string;
  /** Docs left out (front matter `search: false` or a `search.exclude` pattern). */
  excluded: number;
  /** Each older docs version's own documents (the latest's are the ones above); absent with one version. */
  older?: { name: string; documents: SearchDocuments }[];
}

/** What rendering one doc's Markdown learns besides its HTML. */
export interface RenderedMeta {
  docId: string;
  toc: TocItem[];
  /** Every id in the rendered HTML (headings and raw HTML ids). */
  ids: string[];
  links: LinkRef[];
  sections: SearchSection[];
  diagnostics: Diagnostic[];
  /** The interactive components (islands) on the page, by name; absent when none. */
  islands?: string[];
}

/** One doc's Markdown rendered: its HTML and what was learned on the way. */
export interface MarkdownOutput extends RenderedMeta {
  html: string;
}

/**
 * Output of the markdown stage for one doc. The HTML is read on demand (from the cache when it
 * is on), so a large site is never held in memory all at once.
 */
export interface Rendered extends RenderedMeta {
  html: () => string;
  /** Hash of the Markdown job (the cache key) and the routes its relative links resolve to: changes whenever the HTML can change. */
  key: string;
}

/** The markdown stage's output: each doc's Rendered, by doc id. */
export type RenderedDocs = ReadonlyMap<string, Rendered>;

export type RouteKind = 'doc' | 'page' | 'redirect' | 'not-found';

export interface Route {
  path: string;
  kind: RouteKind;
  source: string;
  docId?: string;
  /** For redirects: the target. */
  to?: string;
}

export interface RouteTable {
  /** Keyed by normalised path (no trailing slash except "/"). */
  routes: Map<string, Route>;
  diagnostics: Diagnostic[];
}

/** A file of the finished site, path relative to the output folder. */
export interface OutputFile {
  path: string;
  /** The bytes, or a function producing them only when the file cannot be reused. */
  contents: string | Buffer | (() => string | Buffer);
  /**
   * Hash of everything the file is made from. When the previous build wrote the same path
   * with the same key, the output stage links that file instead of producing it again. Pages
   * and published sources compute it when first read (`withLazyKey`).
   */
  key?: string;
  /**
   * A file of the same build with the same bytes, listed before this one: the output stage
   * hard-links to it instead of writing the bytes twice (a page's `.html` form).
   */
  sameAs?: string;
}

/** The theme built for a run: the browser's assets and the server half the pages render with. */
export interface ClientAssets {
  /** The bundle's entry scripts (modules). */
  scripts: string[];
  /** The theme's stylesheet, then the site's (its configured colours) when it has one. */
  styles: string[];
  /** The site's config script (generator/client/site.ts), which runs before the scripts. */
  config: string;
  /** The script of each island (interactive component of the site) by name; absent without any. */
  islands?: Record<string, string>;
  files: OutputFile[];
  theme: ServerTheme;
  /** Changes whenever the server half's code does (part of every page's key). */
  themeKey: string;
}

export interface Redirect {
  from: string;
  to: string;
  /** Line of the entry in redirects.json (or in `file`), for messages. */
  line?: number;
  /** The file the entry was written in when not redirects.json (a doc's `redirect_from`). */
  file?: string;
  /** The pattern entry (`/concepts/:slug`) this redirect is one expansion of. */
  rule?: { from: string; to: string };
}

/**
 * What the stages up to the client produce: everything the link check and the file-producing
 * stages need. `docgen build` makes one per run; `docgen dev` makes a new one per change,
 * reusing the parts the change did not touch.
 */
export interface Site {
  config: SiteConfig;
  content: SiteContent;
  /** Each doc's rendered Markdown, by doc id. */
  rendered: RenderedDocs;
  routes: RouteTable;
  /** redirects.json, patterns expanded, checked against the routes (chains collapsed). */
  redirects: Redirect[];
  redirectDiagnostics: Diagnostic[];
  client: ClientAssets;
  /** Each content file's last change in git, for the pages' dates and the sitemap. */
  history?: PageHistory;
}
