import GithubSlugger from 'github-slugger';
import type { Heading, Html, Image, ImageReference, Link, LinkReference, Parent, Root, RootContent, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit, SKIP } from 'unist-util-visit';
import type { VFile } from 'vfile';
import type { ProblemKind } from '../../common/diagnostics.ts';
import type { BadgeConfig } from '../config/schema.ts';
import type { Diagnostic, LinkRef, SearchSection, TocItem } from '../model.ts';
import { resolveSourcePath } from '../content/routes.ts';
import { isKnownLanguage, prepareCode } from './code.ts';
import type { CodeBlock } from './highlight.ts';
import { transformDirective } from './directives.ts';
import { dangerousScheme, secureHtml } from './safety.ts';

export interface PluginInput {
  /** Source file relative to the site root. */
  source: string;
  /** Line of the body's first line in the source file. */
  bodyLine: number;
  apiBaseUrl: string;
  badges?: BadgeConfig[];
}

/** What the plugin learned about the page while transforming it. */
export interface PluginOutput {
  /** Code blocks, in order; each left in the HTML as `<!--docgen-code:N-->`. */
  codeBlocks: CodeBlock[];
  toc: TocItem[];
  links: LinkRef[];
  sections: SearchSection[];
  diagnostics: Diagnostic[];
}

/** Placeholder scheme for links resolved after caching (they depend on other files). */
export const MD_LINK = 'docgen-md:';
export const ASSET_LINK = 'docgen-asset:';

const CUSTOM_ID = /\s*\{#([\w.:-]+)\}\s*$/;
const HTML_URL = /\s(?:href|src)\s*=\s*["']([^"']*)["']/g;

function isRelative(url: string): boolean {
  return !/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(url);
}

/** Resolve a relative URL against the doc's folder, keeping its `#fragment`. */
function resolveRelative(source: string, url: string): string {
  const [file, hash] = url.split('#');
  const target = resolveSourcePath(source, file);
  return hash !== undefined ? `${target}#${hash}` : target;
}

function headingText(node: Heading): { text: string; customId?: string } {
  const last = node.children[node.children.length - 1];
  let customId: string | undefined;
  if (last?.type === 'text') {
    const m = CUSTOM_ID.exec(last.value);
    if (m) {
      customId = m[1];
      last.value = last.value.slice(0, m.index);
    }
  }
  const parts = node.children.filter((c) => !(c.data?.hName === 'span' && c.type === 'textDirective'));
  return { text: parts.map((c) => toString(c)).join('').trim(), customId };
}

/** A link or image published without its URL (the text or alt stays): a dangerous URL is not written. */
function withoutUrl(node: Link | Image | LinkReference | ImageReference, property: 'href' | 'src'): void {
  node.data = { ...node.data, hProperties: { ...node.data?.hProperties, [property]: undefined } };
}

/** The per-file state the plugin reads and fills, carried on the vfile. */
export interface DocgenFileData {
  input: PluginInput;
  out: PluginOutput;
}

/** The remark plugin doing everything site-specific in one tree walk. */
export function remarkDocgen() {
  return (tree: Root, file: VFile) => {
    const { input, out } = file.data.docgen as DocgenFileData;
    const slugger = new GithubSlugger();
    const line = (n: { position?: { start: { line: number } } }) => (n.position?.start.line ?? 1) + input.bodyLine - 1;
    const col = (n: { position?: { start: { column: number } } }) => n.position?.start.column ?? 1;
    const warn = (n: { position?: { start: { line: number; column: number } } }, kind: ProblemKind, message: string, hint?: string) =>
      out.diagnostics.push({ severity: 'warning', kind, message, location: { file: input.source, line: line(n), column: col(n) }, hint });
    /** Line and column in the source of a character of a raw HTML node's value. */
    const inHtml = (html: Html, index: number) => {
      const nl = html.value.slice(0, index).split('\n');
      return { line: line(html) + nl.length - 1, column: nl.length === 1 ? col(html) + index : nl[nl.length - 1].length + 1 };
    };
    /** A dangerous URL, reported where it is written (its level comes from `onDangerousLinks`); it is removed. */
    const dangerous = (url: string, scheme: string, at: { line: number; column: number }) => {
      const shown = JSON.stringify(url.length > 60 ? `${url.slice(0, 57)}...` : url);
      out.diagnostics.push({
        severity: 'error',
        kind: 'dangerous link',
        message: `${shown} is a ${scheme}: URL${scheme === 'data' ? ' outside an image' : ', which runs script when followed'}; it was removed from the page`,
        location: { file: input.source, ...at },
        hint: scheme === 'data' ? 'publish the file and link to it; a data: URL is allowed only as an image source' : 'link to a page or an https:// address; behaviour belongs in the theme',
      });
    };
    const where = (n: { position?: { start: { line: number; column: number } } }) => ({ line: line(n), column: col(n) });
    /**
     * Record a link at its position; a relative `.md` link becomes a placeholder resolved after
     * the cache. A dangerous link is reported instead, and gives undefined: it is left out.
     */
    const link = (n: { position?: { start: { line: number; column: number } } }, url: string): string | undefined => {
      const scheme = dangerousScheme(url, false);
      if (scheme) return void dangerous(url, scheme, where(n));
      out.links.push({ url, line: line(n), column: col(n) });
      return isRelative(url) && /\.mdx?(#|$)/.test(url) ? MD_LINK + resolveRelative(input.source, url) : url;
    };
    /** Identifiers of link definitions whose URL was dangerous: references to them get no URL. */
    const unsafeDefinitions = new Set<string>();
    let counter = 0;
    const ctx = {
      apiBaseUrl: input.apiBaseUrl,
      badges: input.badges ?? [],
      nextId: () => ++counter,
      problem: (n: RootContent, message: string) => warn(n, 'directive', message),
      link,
    };

    visit(tree, (anyNode, index, anyParent) => {
      const node = anyNode as RootContent;
      const parent = anyParent as Parent | undefined;
      switch (node.type) {
        case 'containerDirective':
        case 'leafDirective':
        case 'textDirective':
          transformDirective(node, parent, index, ctx);
          return node.type === 'textDirective' && parent?.children[index!] !== node ? [SKIP, index!] : undefined;
        case 'heading': {
          visit(node, 'textDirective', (d, i, p) => transformDirective(d, p, i, ctx));
          if (node.depth === 1) return SKIP;
          const { text, customId } = headingText(node);
          const id = customId ?? slugger.slug(text);
          node.data = { ...node.data, hProperties: { id, className: ['anchor'] } };
          node.children.push({
            type: 'link',
            url: `#${id}`,
            data: { hProperties: { className: ['hash-link'], ariaLabel: `Direct link to ${text}`, title: `Direct link to ${text}`, translate: 'no' } },
            children: [{ type: 'text', value: '\u200b' }],
          });
          out.toc.push({ id, text, level: node.depth });
          out.sections.push({ heading: text, anchor: id, text: '' });
          return SKIP;
        }
        case 'code': {
          const lang = (node.lang ?? '').toLowerCase();
          if (lang && !isKnownLanguage(lang)) {
            warn(node, 'unknown language', `code block language "${node.lang}" is not supported; rendered as plain text`, 'use a language shiki knows (js, ts, shell, json, python, go, …) or "text"');
          }
          const prepared = prepareCode(node.value, node.meta ?? '');
          out.codeBlocks.push({ lang: !lang || !isKnownLanguage(lang) ? 'plaintext' : lang, meta: prepared.meta, code: prepared.value });
          parent!.children[index!] = { type: 'html', value: `<!--docgen-code:${out.codeBlocks.length - 1}-->` } as never;
          return SKIP;
        }
        case 'link':
        case 'definition': {
          const url = link(node, node.url);
          if (url !== undefined) node.url = url;
          else if (node.type === 'link') withoutUrl(node, 'href');
          else {
            unsafeDefinitions.add(node.identifier);
            node.url = '';
          }
          return;
        }
        case 'image': {
          // Checked like links; a relative one is published as an asset (its link is rewritten then).
          const img = node as Image;
          const scheme = dangerousScheme(img.url, true);
          if (scheme) {
            dangerous(img.url, scheme, where(img));
            withoutUrl(img, 'src');
            return;
          }
          out.links.push({ url: img.url, line: line(img), column: col(img) });
          if (isRelative(img.url)) img.url = ASSET_LINK + resolveRelative(input.source, img.url);
          return;
        }
        case 'html': {
          const html = node as Html;
          const removed = new Set<number>();
          const safe = secureHtml(html.value, (d) => {
            removed.add(d.offset);
            dangerous(d.url, d.scheme, inHtml(html, d.offset));
          });
          for (const m of html.value.matchAll(HTML_URL)) if (!removed.has(m.index + 1)) out.links.push({ url: m[1], ...inHtml(html, m.index + 1) });
          html.value = safe;
          return;
        }
        case 'paragraph':
        case 'tableCell':
        case 'listItem':
        case 'text':
        case 'inlineCode': {
          const value = node.type === 'text' || node.type === 'inlineCode' ? (node as Text).value : ' ';
          const sec = out.sections[out.sections.length - 1];
          if (sec) sec.text += value;
          else out.sections.push({ heading: '', anchor: '', text: value });
          return;
        }
      }
    });
    if (unsafeDefinitions.size) {
      visit(tree, ['linkReference', 'imageReference'], (ref) => {
        const r = ref as LinkReference | ImageReference;
        if (unsafeDefinitions.has(r.identifier)) withoutUrl(r, r.type === 'linkReference' ? 'href' : 'src');
      });
    }
    for (const s of out.sections) s.text = s.text.replace(/\s+/g, ' ').trim();
    out.links.sort((a, b) => a.line - b.line || a.column - b.column);
  };
}
