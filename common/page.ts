/**
 * The data a page carries from the server render to the browser: the sidebar, the table of
 * contents and the route chunk. Plain data only, so it travels as JSON.
 */

export interface TocItem {
  id: string;
  /** Heading text (plain). */
  text: string;
  level: number;
}

/** A badge as a page or a sidebar entry shows it: its label, and the tooltip the config gives it. */
export interface Badge {
  label: string;
  /** Shown on hover and read by screen readers. */
  tooltip?: string;
}

export type SidebarNode =
  | {
      type: 'doc';
      id: string;
      label: string;
      href: string;
      badges: Badge[];
      /** The rest of the page's title when the label is its start (`Go` of `Go SDK`: ` SDK`), read by screen readers only. */
      titleRest?: string;
    }
  | {
      type: 'category';
      label: string;
      href?: string;
      /** Doc id the category links to, if any. */
      docId?: string;
      collapsed: boolean;
      badges: Badge[];
      items: SidebarNode[];
      /**
       * Its page is a generated index that lists every item: closed, the category renders no
       * items, since a reader without JavaScript reaches them through that page (a page's size
       * stays the same however many docs the site has).
       */
      listed?: true;
    }
  | { type: 'link'; label: string; href: string }
  | { type: 'html'; value: string }
  | SidebarMore;

/**
 * Items of a long list that one page's data leaves out (see windowSidebar): only in a page's
 * data, never in a sidebar the generator builds. Readers without JavaScript follow `href` (the
 * category's generated index, which lists every item, or the nearest item left out); the
 * browser loads the whole list in place: a category's from its page's route chunk, where it is
 * shown whole, the top level from `file`, one file per sidebar that every page shares.
 */
export interface SidebarMore {
  type: 'more';
  /** How many items are left out here. */
  count: number;
  href?: string;
  /** The sidebar's top level, published once (top-level lists only). */
  file?: string;
}

/** A sidebar's top level as its shared file holds it (see SidebarMore). */
export interface SidebarList {
  items: SidebarNode[];
}

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageLink {
  title: string;
  href: string;
}

/** Everything a doc page renders; plain data, so it travels to the client as JSON. */
export interface DocPageProps {
  title: string;
  hideTitle: boolean;
  badges: Badge[];
  html: string;
  toc: TocItem[];
  /** The page's sidebar, pruned to what the page shows (closed linked categories are leaves). */
  sidebar: SidebarNode[] | null;
  breadcrumbs: Crumb[];
  previous?: PageLink;
  next?: PageLink;
  /** Link to the page's Markdown source. */
  sourceHref: string;
  /** The same as a full URL (the site's `url`), for prompts that link it (the page actions). */
  markdownUrl?: string;
  /** Where the page is in the docs' versions; absent when the site has one version. */
  version?: PageVersion;
  /** The script of each island (interactive component) the article holds, by name; absent when none. */
  islands?: Record<string, string>;
  /** The "Edit this page" link (the config's `editUrl`); absent without one. */
  editUrl?: string;
  /** The source's last change in git, as the config shows it; absent without one. */
  lastUpdated?: LastUpdated;
}

/** When a doc's source last changed (its last commit), and by whom. */
export interface LastUpdated {
  /** The commit's time (ISO 8601, UTC), when the config shows dates. */
  datetime?: string;
  /** That date as the page shows it, formatted at build so the browser renders the same text. */
  date?: string;
  /** The commit's author, when the config shows authors. */
  author?: string;
}

/** A doc page's version and the pages the version dropdown links to. */
export interface PageVersion {
  /** The version's name ("current" for the latest docs). */
  name: string;
  /** For each version by name: the same page there, or that version's main doc when it has none. */
  links: Record<string, string>;
}

/**
 * One page as the client sees it: the inline data of a server-rendered page (without `html`,
 * which the client reads back from the DOM) or, with `html`, the route chunk fetched on
 * client navigation.
 */
export interface RouteChunk {
  route: string;
  kind: 'doc' | 'page' | 'notFound';
  /** The document title (`Page | Site`). */
  title: string;
  description?: string;
  noindex?: boolean;
  /** The route the canonical URL names when it is not the page's own (an older version's page names the latest). */
  canonical?: string;
  /** The rendered content: the Markdown article of a doc, the whole body of a page module. */
  html: string;
  doc?: Omit<DocPageProps, 'html'>;
  /** The page's social card (Open Graph image): its path below the base URL and its text alternative. */
  image?: { src: string; alt: string };
}

export type PageData = Omit<RouteChunk, 'html'>;
