import type { Code, Root, RootContent } from 'mdast';
import type { LeafDirective } from 'mdast-util-directive';
import type { Position } from 'unist';
import { walk } from '../walk.ts';
import type { ApiOperation } from '../../openapi/model.ts';
import { curlTarget, matchesTemplate } from '../../openapi/view/curl.ts';
import { headingNamesPart } from '../../openapi/view/parts.ts';
import { OPERATION_PARTS, operationNodes, type OperationPart } from '../operation.ts';
import type { PageWalk, Visitor } from './context.ts';

/** What a page's `::operation` directives share: the doc's operations and what was shown of each. */
export interface OperationsOnPage {
  byId: Map<string, ApiOperation>;
  /** Operations with a hand-written cURL sample on the page: they get no generated one. */
  withCurl: Set<string>;
  /** Per operation: the depth of its parts' headings (set by its first directive) and the parts shown. */
  shown: Map<string, { depth: number; parts: Set<OperationPart> }>;
}

/** Before the walk (a sample may follow the directive): which operations the page's cURL samples call. */
export function operationsOnPage(tree: Root, byId: Record<string, ApiOperation>, apiBaseUrl: string): OperationsOnPage {
  const operations = Object.values(byId);
  const state: OperationsOnPage = { byId: new Map(operations.map((o) => [o.id, o])), withCurl: new Set(), shown: new Map() };
  if (!operations.length) return state;
  walk<Code>(tree, 'code', (node) => {
    if (!/^(shell|sh|bash|zsh|console)$/i.test(node.lang ?? '')) return;
    const target = curlTarget(node.value, apiBaseUrl);
    if (!target) return;
    for (const op of operations) if (op.method === target.method && matchesTemplate(target.path, op.path)) state.withCurl.add(op.id);
  });
  return state;
}

function parts(node: LeafDirective, page: PageWalk): OperationPart[] {
  const show = node.attributes?.show;
  if (show === undefined || show === null) return [...OPERATION_PARTS];
  const list = show.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = list.filter((p) => !(OPERATION_PARTS as readonly string[]).includes(p));
  if (unknown.length) page.warn(node, 'directive', `::operation show="${show}": unknown part ${unknown.map((u) => `"${u}"`).join(', ')} (parts: ${OPERATION_PARTS.join(', ')})`);
  return list.filter((p): p is OperationPart => (OPERATION_PARTS as readonly string[]).includes(p));
}

function place(nodes: RootContent[], position: Position | undefined): void {
  for (const n of nodes) {
    n.position = position;
    if ('children' in n) place(n.children as RootContent[], position);
  }
}

/**
 * The operation is a search document of its own, headed by its method and path and linking to
 * the section it is shown in: a query `POST /tokens` holds every word of that heading, which
 * ranks it first. Before the page's first heading it is left to the page's own record.
 */
function index(op: ApiOperation, page: PageWalk): void {
  const anchor = page.out.sections[page.out.sections.length - 1]?.anchor;
  if (anchor) page.out.sections.push({ heading: `${op.method} ${op.path}`, anchor, text: `${op.summary} ` });
}

/** What the operation's first directive on the page fixes: its headings' depth, one below the heading above it. */
function firstSight(op: ApiOperation, page: PageWalk, ops: OperationsOnPage) {
  let seen = ops.shown.get(op.id);
  if (!seen) {
    seen = { depth: (page.out.toc[page.out.toc.length - 1]?.level ?? 1) + 1, parts: new Set() };
    ops.shown.set(op.id, seen);
    index(op, page);
  }
  return seen;
}

/**
 * `::operation{id="…" show="…"}`: the parts of the operation asked for, as Markdown-tree nodes put
 * in the directive's place; the walk goes on into them, so their headings, code and links are
 * the page's own. A part already shown on the page is reported and not shown again.
 */
export const visitOperation: Visitor<LeafDirective> = (node, at, parent, page) => {
  const ops = page.operations;
  const id = node.attributes?.id ?? '';
  const op = ops.byId.get(id);
  if (!op && id) page.warn(node, 'directive', `::operation{id="${id}"}: the page was given no such operation`, 'set "openapi" in site.config.ts to the description\'s path; ids are its operationId values');
  if (!id) page.warn(node, 'directive', '::operation needs an id: ::operation{id="createToken"}');
  const nodes: RootContent[] = [];
  if (op) {
    const seen = firstSight(op, page, ops);
    const wanted = parts(node, page).filter((p) => {
      if (seen.parts.has(p)) page.warn(node, 'directive', `::operation{id="${id}"} shows "${p}" a second time on this page`, 'each part of an operation is shown once: list the others in show="…"');
      return !seen.parts.has(p);
    });
    for (const p of wanted) seen.parts.add(p);
    const last = page.out.toc[page.out.toc.length - 1];
    const headingWritten = last?.level === seen.depth && headingNamesPart(last.text, wanted);
    nodes.push(...operationNodes(op, wanted, { apiBaseUrl: page.input.apiBaseUrl, depth: seen.depth, headingWritten, generateCurl: !ops.withCurl.has(op.id) }));
    place(nodes, node.position);
  }
  parent!.children.splice(at!, 1, ...(nodes as never[]));
  return at!;
};
