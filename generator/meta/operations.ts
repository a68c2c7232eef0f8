import type { ApiOperation, ApiResponse } from '../openapi/model.ts';
import { bodyOf, parameterField, type Field, type Variant } from '../openapi/view/fields.ts';
import { firstHeadedPart, headingNamesPart, OPERATION_PARTS, PART_TITLES, type OperationPart } from '../openapi/view/parts.ts';
import { statusTitle } from '../openapi/view/status.ts';

/*
 * The operations as Markdown, for programs: the published `.md` source of a page carries each
 * `::operation` directive as the Markdown of what it shows, and llms.txt lists the operations
 * under their page. Made from the same fields as the HTML (openapi/view/fields.ts).
 */

const LOCATIONS = [['path', 'Path parameters'], ['query', 'Query parameters'], ['header', 'Header parameters'], ['cookie', 'Cookie parameters']] as const;
const DIRECTIVE = /^[ \t]*::operation\{([^}]*)\}[ \t]*$/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;
const HEADING = /^(#{1,6})[ \t]/;

/** An attribute's value, quoted either way or bare, as remark-directive reads it. */
function attribute(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}=(?:"([^"]*)"|'([^']*)'|([^\\s"']+))`).exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

function oneLine(markdown: string): string {
  return markdown.replace(/\s*\n\s*/g, ' ').trim();
}

function fieldLines(fields: Field[], indent: string): string[] {
  return fields.flatMap((f) => {
    const marks = [f.type, f.required ? 'required' : 'optional', ...(f.nullable ? ['nullable'] : []), ...(f.deprecated ? ['deprecated'] : [])];
    const facts = [
      ...(f.description ? [oneLine(f.description)] : []),
      ...(f.default !== undefined ? [`Default: \`${f.default}\`.`] : []),
      ...(f.allowed.length ? [`Allowed values: ${f.allowed.map((a) => `\`${a}\``).join(', ')}.`] : []),
      ...(f.constraints.length ? [`${f.constraints.join('; ')}.`] : []),
      ...(f.pattern ? [`Pattern: \`${f.pattern}\`.`] : []),
    ];
    return [`${indent}- \`${f.name}\` (${marks.join(', ')})${facts.length ? `: ${facts.join(' ')}` : ''}`, ...fieldLines(f.children, `${indent}  `), ...variantLines(f.variants, `${indent}  `)];
  });
}

function variantLines(variants: Variant[], indent: string): string[] {
  return variants.flatMap((v) => [`${indent}- One of: ${v.label}`, ...fieldLines(v.fields, `${indent}  `)]);
}

function hashes(depth: number): string {
  return '#'.repeat(Math.min(depth, 6));
}

function request(op: ApiOperation, depth: number): string[] {
  const out: string[] = [];
  for (const [where, title] of LOCATIONS) {
    const params = op.parameters.filter((p) => p.in === where);
    if (params.length) out.push(`${hashes(depth + 1)} ${title}`, '', ...fieldLines(params.map(parameterField), ''), '');
  }
  const body = op.requestBody;
  if (body) {
    const shape = bodyOf(body.schema, 'request');
    out.push(`${hashes(depth + 1)} Request body`, '', `${body.required ? 'Required' : 'Optional'}, \`${body.contentType}\`, ${shape.type}.${body.description ? ` ${oneLine(body.description)}` : ''}`, '');
    out.push(...fieldLines(shape.fields, ''), ...variantLines(shape.variants, ''), '');
  }
  return out;
}

function response(r: ApiResponse, depth: number): string[] {
  const out = [`${hashes(depth)} ${statusTitle(r.status)}`, '', oneLine(r.description), ''];
  if (r.schema) {
    const shape = bodyOf(r.schema, 'response');
    if (shape.type !== 'object') out.push(`\`${r.contentType ?? ''}\`, ${shape.type}.`, '');
    out.push(...fieldLines(shape.fields, ''), ...variantLines(shape.variants, ''), '');
  }
  for (const ex of r.examples) out.push('```json', JSON.stringify(ex.value, null, 2), '```', '');
  return out;
}

/** What one directive shows, as Markdown; its headings one below `depth`. */
export function operationMarkdown(op: ApiOperation, parts: readonly OperationPart[], apiBaseUrl: string, depth: number, headingWritten = false): string {
  const out: string[] = [];
  const written = headingWritten ? firstHeadedPart(parts) : undefined;
  for (const part of OPERATION_PARTS.filter((p) => parts.includes(p))) {
    const title = PART_TITLES[part];
    if (title && part !== written) out.push(`${hashes(depth)} ${title}`, '');
    if (part === 'endpoint') out.push(`\`${op.method} ${apiBaseUrl}${op.path}\`${op.deprecated ? ' (deprecated)' : ''}`, '');
    if (part === 'permissions') out.push(op.permissions.length ? op.permissions.map((p) => `\`${p}\``).join(' ') : 'No permission is needed.', '');
    if (part === 'request') out.push(...request(op, depth));
    if (part === 'responses') out.push(...op.responses.flatMap((r) => response(r, depth + 1)));
  }
  return out.join('\n').trimEnd();
}

/** The operation ids a page's directives name, in order, once each (fenced code left out). */
export function operationIds(raw: string): string[] {
  const ids = new Set<string>();
  eachDirective(raw, (attrs) => {
    const id = attribute(attrs, 'id');
    if (id) ids.add(id);
  });
  return [...ids];
}

/** Calls `fn` for each `::operation` line outside fences with its attributes and the heading above it; its return replaces the line. */
function eachDirective(raw: string, fn: (attrs: string, heading: { depth: number; text: string }) => string | void): string {
  let fence: string | undefined;
  let last = { depth: 1, text: '' };
  return raw
    .split('\n')
    .map((line) => {
      const mark = FENCE.exec(line)?.[1];
      if (fence) {
        if (mark && mark[0] === fence[0] && mark.length >= fence.length) fence = undefined;
        return line;
      }
      if (mark) fence = mark;
      const heading = HEADING.exec(line);
      if (heading) last = { depth: heading[1].length, text: line.slice(heading[0].length).replace(/\s*\{#[\w.:-]+\}\s*$/, '').trim() };
      const directive = DIRECTIVE.exec(line);
      return directive ? (fn(directive[1], last) ?? line) : line;
    })
    .join('\n');
}

/** The page's Markdown with each `::operation` directive replaced by what it shows. */
export function withOperations(raw: string, operations: Map<string, ApiOperation>, apiBaseUrl: string): string {
  const depthOf = new Map<string, number>();
  return eachDirective(raw, (attrs, heading) => {
    const op = operations.get(attribute(attrs, 'id') ?? '');
    if (!op) return;
    if (!depthOf.has(op.id)) depthOf.set(op.id, heading.depth + 1);
    const depth = depthOf.get(op.id)!;
    const show = attribute(attrs, 'show');
    const parts = show === undefined ? OPERATION_PARTS : OPERATION_PARTS.filter((p) => show.split(',').some((s) => s.trim() === p));
    return operationMarkdown(op, parts, apiBaseUrl, depth, heading.depth === depth && headingNamesPart(heading.text, parts));
  });
}
