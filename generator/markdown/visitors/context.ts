import GithubSlugger from 'github-slugger';
import type { Html, Parent, RootContent } from 'mdast';
import type { VisitorResult } from 'unist-util-visit';
import type { VFile } from 'vfile';
import type { ProblemKind } from '../../../common/diagnostics.ts';
import type { BadgeConfig } from '../../config/schema.ts';
import { resolveSourcePath } from '../../content/routes.ts';
import type { Diagnostic, LinkRef, SearchSection, TocItem } from '../../model.ts';
import type { ApiOperation } from '../../openapi/model.ts';
import type { CodeBlock } from '../highlight.ts';
import type { DiagramBlock } from '../mermaid.ts';
import { dangerousScheme } from '../safety.ts';
import type { OperationsOnPage } from './operation.ts';
import type { ComponentUse } from '../../components/walk.ts';
import { MD_LINK, type JobComponents } from '../job.ts';

export interface PluginInput {
  /** Source file relative to the site root. */
  source: string;
  /** Line of the body's first line in the source file. */
  bodyLine: number;
  apiBaseUrl: string;
  badges?: BadgeConfig[];
  /** The operations the page's `::operation` directives name, by id (see openapi/usage.ts); absent when it names none. */
  operations?: Record<string, ApiOperation>;
  /** The site's component names, and when the doc uses one, what each declares. */
  components?: JobComponents;
}

/** What the plugin learned about the page while transforming it. */
export interface PluginOutput {
  /** Code blocks, in order; each left in the HTML as `<!--docgen-code:N-->`. */
  codeBlocks: CodeBlock[];
  toc: TocItem[];
  links: LinkRef[];
  sections: SearchSection[];
  diagnostics: Diagnostic[];
  /** The interactive components (islands) on the page, by name; absent when none. */
  islands?: string[];
  /** The components to render on the main thread (components/render.ts), innermost first; absent when none. */
  components?: ComponentUse[];
  /** Diagram blocks, in order, for the syntax check after the walk (markdown/mermaid.ts); absent when the page has none. */
  diagrams?: DiagramBlock[];
}

/** The per-file state the plugin reads and fills, carried on the vfile. */
export interface DocgenFileData {
  input: PluginInput;
  out: PluginOutput;
  /** The components the walk found, for their render once the tree is HTML. */
  components?: ComponentUse[];
}

type Positioned = { position?: { start: { line: number; column: number } } };
export type Place = { line: number; column: number };

/** A visitor of the page's one walk: unist-util-visit's, with the page's state as well. */
export type Visitor<T extends RootContent = RootContent> = (node: T, index: number | undefined, parent: Parent | undefined, page: PageWalk) => VisitorResult;

export function isRelative(url: string): boolean {
  return !/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(url);
}

/** Resolve a relative URL against the doc's folder, keeping its `#fragment`. */
export function resolveRelative(source: string, url: string): string {
  const [file, hash] = url.split('#');
  const target = resolveSourcePath(source, file);
  return hash !== undefined ? `${target}#${hash}` : target;
}

/** One page's walk: its input, what the visitors found, and how they report it at a source position. */
export class PageWalk {
  readonly input: PluginInput;
  readonly out: PluginOutput;
  readonly slugger = new GithubSlugger();
  /** Identifiers of link definitions whose URL was dangerous: references to them get no URL. */
  readonly unsafeDefinitions = new Set<string>();
  /** Set before the walk when the doc has operations (see visitors/operation.ts). */
  operations: OperationsOnPage = { byId: new Map(), withCurl: new Set(), shown: new Map() };
  /** The components found on the page, in the order of the walk. */
  readonly components: ComponentUse[] = [];

  constructor(file: VFile) {
    const data = file.data.docgen as DocgenFileData;
    ({ input: this.input, out: this.out } = data);
    data.components = this.components;
  }

  line(n: Positioned): number {
    return (n.position?.start.line ?? 1) + this.input.bodyLine - 1;
  }

  where(n: Positioned): Place {
    return { line: this.line(n), column: n.position?.start.column ?? 1 };
  }

  /** Line and column in the source of a character of a raw HTML node's value. */
  inHtml(html: Html, index: number): Place {
    const nl = html.value.slice(0, index).split('\n');
    return { line: this.line(html) + nl.length - 1, column: nl.length === 1 ? this.where(html).column + index : nl[nl.length - 1].length + 1 };
  }

  warn(n: Positioned, kind: ProblemKind, message: string, hint?: string): void {
    this.out.diagnostics.push({ severity: 'warning', kind, message, location: { file: this.input.source, ...this.where(n) }, hint });
  }

  error(n: Positioned, kind: ProblemKind, message: string, hint?: string): void {
    this.out.diagnostics.push({ severity: 'error', kind, message, location: { file: this.input.source, ...this.where(n) }, hint });
  }

  /** A dangerous URL, reported where it is written (its level comes from `onDangerousLinks`); it is removed. */
  dangerous(url: string, scheme: string, at: Place): void {
    const shown = JSON.stringify(url.length > 60 ? `${url.slice(0, 57)}...` : url);
    this.out.diagnostics.push({
      severity: 'error',
      kind: 'dangerous link',
      message: `${shown} is a ${scheme}: URL${scheme === 'data' ? ' outside an image' : ', which runs script when followed'}; it was removed from the page`,
      location: { file: this.input.source, ...at },
      hint: scheme === 'data' ? 'publish the file and link to it; a data: URL is allowed only as an image source' : 'link to a page or an https:// address; behaviour belongs in the theme',
    });
  }

  /**
   * Record a link at its position; a relative `.md` link becomes a placeholder resolved after
   * the cache. A dangerous link is reported instead, and gives undefined: it is left out.
   */
  link(n: Positioned, url: string): string | undefined {
    const scheme = dangerousScheme(url, false);
    if (scheme) return void this.dangerous(url, scheme, this.where(n));
    this.out.links.push({ url, ...this.where(n) });
    return isRelative(url) && /\.mdx?(#|$)/.test(url) ? MD_LINK + resolveRelative(this.input.source, url) : url;
  }
}
