import type { Element, Properties } from 'hast';
import type { Heading, PhrasingContent, RootContent } from 'mdast';
import type { ApiOperation, ApiResponse } from '../openapi/model.ts';
import { curlSample } from '../openapi/view/curl.ts';
import { bodyOf, parameterField } from '../openapi/view/fields.ts';
import { firstHeadedPart, OPERATION_PARTS, PART_TITLES, type OperationPart } from '../openapi/view/parts.ts';
import { statusTitle } from '../openapi/view/status.ts';
import { block, bodyFields, code, fieldList, inline, prose, text } from './field-list.ts';

export { OPERATION_PARTS, type OperationPart } from '../openapi/view/parts.ts';

/** Where an operation's parts go on its page. */
export interface OperationLayout {
  apiBaseUrl: string;
  /** Depth of the parts' headings ("Permissions", "Request", "Responses"); their sections are one deeper. */
  depth: number;
  /** The page wrote the heading of the first part shown just above the directive (see `headingNamesPart`): the part adds none. */
  headingWritten: boolean;
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

function permissions(op: ApiOperation): RootContent[] {
  const chips = op.permissions.flatMap((p, i): PhrasingContent[] => [...(i ? [text(' ')] : []), code(p, 'permission')]);
  return [op.permissions.length ? { type: 'paragraph', children: chips } : { type: 'paragraph', children: [text('No permission is needed.')] }];
}

function request(op: ApiOperation, layout: OperationLayout): RootContent[] {
  const out: RootContent[] = [];
  if (layout.generateCurl) out.push({ type: 'code', lang: 'shell', meta: 'title="cURL"', value: curlSample(op, layout.apiBaseUrl) });
  for (const [where, title] of LOCATIONS) {
    const params = op.parameters.filter((p) => p.in === where);
    if (params.length) out.push(heading(layout.depth + 1, title), fieldList(params.map(parameterField)));
  }
  const body = op.requestBody;
  if (body) {
    out.push(heading(layout.depth + 1, 'Request body'));
    const shape = bodyOf(body.schema, 'request');
    out.push(inline('p', 'api-body__type', [text(body.required ? 'Required, ' : 'Optional, '), code(body.contentType), text(`, ${shape.type}`)]));
    if (body.description) out.push(...prose(body.description));
    out.push(...bodyFields(shape));
  }
  return out;
}

function response(r: ApiResponse, layout: OperationLayout): RootContent[] {
  const out: RootContent[] = [heading(layout.depth + 1, statusTitle(r.status)), ...prose(r.description)];
  if (r.schema) {
    const shape = bodyOf(r.schema, 'response');
    if (shape.type !== 'object') out.push(inline('p', 'api-body__type', [code(r.contentType ?? ''), text(`, ${shape.type}`)]));
    const fields = bodyFields(shape);
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
  const written = layout.headingWritten ? firstHeadedPart(parts) : undefined;
  for (const part of OPERATION_PARTS) {
    if (!parts.includes(part)) continue;
    const title = PART_TITLES[part];
    if (title && part !== written) out.push(heading(layout.depth, title));
    if (part === 'endpoint') out.push(endpointLine(op.method, `${layout.apiBaseUrl}${op.path}`, op.deprecated));
    if (part === 'permissions') out.push(...permissions(op));
    if (part === 'request') out.push(...request(op, layout));
    if (part === 'responses') out.push(...op.responses.flatMap((r) => response(r, layout)));
  }
  return out;
}
