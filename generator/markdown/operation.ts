import type { Element, Properties } from 'hast';
import type { Heading, PhrasingContent, RootContent } from 'mdast';
import type { ApiOperation, ApiResponse } from '../openapi/model.ts';
import { curlSample } from '../openapi/view/curl.ts';
import { fieldsOf, parameterField, variantsOf } from '../openapi/view/fields.ts';
import { statusTitle } from '../openapi/view/status.ts';
import { block, bodyFields, code, fieldList, inline, prose, text } from './field-list.ts';

/** The parts of an operation a directive can show, in the order they are shown. */
export const OPERATION_PARTS = ['endpoint', 'permissions', 'request', 'responses'] as const;
export type OperationPart = (typeof OPERATION_PARTS)[number];

/** Where an operation's parts go on its page. */
export interface OperationLayout {
  apiBaseUrl: string;
  /** Depth of the parts' headings ("Permissions", "Request", "Responses"); their sections are one deeper. */
  depth: number;
  /** The page wrote the "Request" heading itself, just above: the request part adds none. */
  requestHeadingWritten: boolean;
  /** The page has no cURL sample of the operation: the request part generates one. */
  generateCurl: boolean;
}

const LOCATIONS = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
] as const;

function heading(depth: number, value: string): Heading {
  return { type: 'heading', depth: Math.min(depth, 6) as Heading['depth'], children: [text(value)] };
}

function element(tagName: string, properties: Properties, value: string): Element {
  return { type: 'element', tagName, properties, children: [{ type: 'text', value }] };
}

/**
 * The endpoint line as `::endpoint` writes it: method, full URL, copy button. Its HTML is given
 * whole (`hChildren`), so the walk does not index "Copy" and the URL: the operation's method and
 * path are indexed on their own.
 */
export function endpointLine(method: string, url: string, deprecated = false): RootContent {
  const children: Element[] = [
    element('span', { className: ['endpoint__method', `endpoint__method--${method.toLowerCase()}`] }, method),
    element('code', { className: ['endpoint__url'] }, url),
    element('button', { className: ['copy-button', 'endpoint__copy'], type: 'button', dataCopy: url, ariaLabel: `Copy ${url}`, title: 'Copy' }, 'Copy'),
  ];
  if (deprecated) children.push(element('span', { className: ['badge', 'badge--deprecated'] }, 'Deprecated'));
  return { type: 'docgenBlock', data: { hName: 'div', hProperties: { className: ['endpoint'] }, hChildren: children }, children: [] } as never;
}

function permissions(op: ApiOperation, layout: OperationLayout): RootContent[] {
  const chips = op.permissions.flatMap((p, i): PhrasingContent[] => [...(i ? [text(' ')] : []), code(p, 'permission')]);
  return [heading(layout.depth, 'Permissions'), op.permissions.length ? { type: 'paragraph', children: chips } : { type: 'paragraph', children: [text('No permission is needed.')] }];
}

function request(op: ApiOperation, layout: OperationLayout): RootContent[] {
  const out: RootContent[] = layout.requestHeadingWritten ? [] : [heading(layout.depth, 'Request')];
  if (layout.generateCurl) out.push({ type: 'code', lang: 'shell', meta: 'title="cURL"', value: curlSample(op, layout.apiBaseUrl) });
  for (const [where, title] of LOCATIONS) {
    const params = op.parameters.filter((p) => p.in === where);
    if (params.length) out.push(heading(layout.depth + 1, title), fieldList(params.map(parameterField)));
  }
  const body = op.requestBody;
  if (body) {
    out.push(heading(layout.depth + 1, 'Request body'));
    out.push(inline('p', 'api-body__type', [text(body.required ? 'Required, ' : 'Optional, '), code(body.contentType)]));
    if (body.description) out.push(...prose(body.description));
    out.push(...bodyFields(fieldsOf(body.schema, 'request'), variantsOf(body.schema, 'request')));
  }
  return out;
}

function response(r: ApiResponse, layout: OperationLayout): RootContent[] {
  const out: RootContent[] = [heading(layout.depth + 1, statusTitle(r.status)), ...prose(r.description)];
  if (r.schema) {
    const fields = bodyFields(fieldsOf(r.schema, 'response'), variantsOf(r.schema, 'response'));
    // An error's fields are the same on every operation: folded, so the success reads first.
    const folded = /^[45]/.test(r.status) && fields.length;
    if (folded) out.push(block('details', 'api-field__more', [inline('summary', undefined, [text('Response fields')]), ...fields]));
    else out.push(...fields);
  }
  for (const ex of r.examples) {
    const title = ex.summary ?? ex.name;
    out.push({ type: 'code', lang: 'json', meta: title ? `title=${JSON.stringify(title)}` : '', value: JSON.stringify(ex.value, null, 2) });
  }
  return out;
}

/** The Markdown-tree nodes of the parts asked for, in their fixed order. */
export function operationNodes(op: ApiOperation, parts: OperationPart[], layout: OperationLayout): RootContent[] {
  const out: RootContent[] = [];
  for (const part of OPERATION_PARTS) {
    if (!parts.includes(part)) continue;
    if (part === 'endpoint') out.push(endpointLine(op.method, `${layout.apiBaseUrl}${op.path}`, op.deprecated));
    if (part === 'permissions') out.push(...permissions(op, layout));
    if (part === 'request') out.push(...request(op, layout));
    if (part === 'responses') out.push(heading(layout.depth, 'Responses'), ...op.responses.flatMap((r) => response(r, layout)));
  }
  return out;
}
