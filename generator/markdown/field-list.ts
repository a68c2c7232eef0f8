import type { Properties } from 'hast';
import type { PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Body, Field, Variant } from '../openapi/view/fields.ts';

/*
 * Field lists as Markdown-tree nodes that carry their HTML element (`data.hName`): the page's
 * one walk then treats what they hold like written Markdown (links checked, text indexed).
 */

/** A block element holding blocks (mdast-util-to-hast renders an unknown node with children as its hName). */
export function block(tag: string, className: string, children: RootContent[], props: Record<string, unknown> = {}): RootContent {
  return { type: 'docgenBlock', data: { hName: tag, hProperties: { className: [className], ...props } as Properties }, children } as never;
}

/** An element holding phrasing content (a paragraph renamed). */
export function inline(tag: string, className: string | undefined, children: PhrasingContent[], props: Record<string, unknown> = {}): RootContent {
  return { type: 'paragraph', data: { hName: tag, hProperties: { ...(className ? { className: [className] } : {}), ...props } as Properties }, children };
}

export function text(value: string): PhrasingContent {
  return { type: 'text', value };
}

export function code(value: string, className?: string): PhrasingContent {
  return { type: 'inlineCode', value, ...(className ? { data: { hProperties: { className: [className] } } } : {}) };
}

/**
 * Descriptions parsed, by their text: the fields of a shared schema recur across operations and
 * pages, so most descriptions a worker meets it has parsed before. A memo of a pure function,
 * keyed by all its input; cleared when it grows past what a large description holds.
 */
const parsed = new Map<string, RootContent[]>();
const MAX_PARSED = 20_000;

/** A description (CommonMark, as OpenAPI has it) as blocks: a copy of its own, as the page's walk changes the nodes it visits. */
export function prose(markdown: string): RootContent[] {
  let blocks = parsed.get(markdown);
  if (!blocks) {
    if (parsed.size >= MAX_PARSED) parsed.clear();
    blocks = fromMarkdown(markdown).children;
    parsed.set(markdown, blocks);
  }
  return structuredClone(blocks);
}

function joined(values: string[]): PhrasingContent[] {
  return values.flatMap((v, i) => (i ? [text(', '), code(v)] : [code(v)]));
}

function head(f: Field): RootContent {
  const marks: PhrasingContent[] = [code(f.name, 'api-field__name'), text(' '), inline('span', 'api-field__type', [text(f.type)]) as never];
  const badge = (label: string, kind: string) => marks.push(text(' '), inline('span', `api-field__badge api-field__badge--${kind}`, [text(label)]) as never);
  if (f.required) badge('required', 'required');
  if (f.nullable) badge('nullable', 'nullable');
  if (f.deprecated) badge('deprecated', 'deprecated');
  return inline('div', 'api-field__head', marks);
}

function facts(f: Field): RootContent[] {
  const out: RootContent[] = [];
  const fact = (label: string, value: PhrasingContent[]) => out.push(inline('p', 'api-field__fact', [inline('span', 'api-field__label', [text(`${label}: `)]) as never, ...value]));
  if (f.default !== undefined) fact('Default', [code(f.default)]);
  if (f.allowed.length) fact(f.allowed.length === 1 ? 'Value' : 'Allowed values', joined(f.allowed));
  if (f.constraints.length) fact('Constraints', [text(f.constraints.join('; '))]);
  if (f.pattern) fact('Pattern', [code(f.pattern)]);
  return out;
}

/** Nested fields behind a native disclosure: it opens by keyboard and without JavaScript. */
function disclosure(summary: PhrasingContent[], body: RootContent[]): RootContent {
  return block('details', 'api-field__more', [inline('summary', undefined, summary), ...body]);
}

function variants(list: Variant[], owner: string): RootContent[] {
  return [
    inline('p', 'api-field__fact', [text(`${owner ? `${owner}: ` : ''}one of ${list.length} shapes`)]),
    ...list.map((v) => disclosure([text(v.label)], v.fields.length ? [fieldList(v.fields)] : [])),
  ];
}

function item(f: Field): RootContent {
  const body: RootContent[] = [head(f)];
  if (f.description) body.push(block('div', 'api-field__description', prose(f.description)));
  body.push(...facts(f));
  const n = f.children.length;
  if (n) body.push(disclosure([code(f.name), text(` ${n === 1 ? 'field' : `${n} fields`}`)], [fieldList(f.children)]));
  if (f.variants.length) body.push(...variants(f.variants, ''));
  return block('li', 'api-field', body);
}

/** A list of fields: name, type, required, default, allowed values, description; nested ones behind `<details>`. */
export function fieldList(fields: Field[]): RootContent {
  return block('ul', 'api-fields', fields.map(item));
}

/** The fields of a body or response: its properties (its items' for an array), or its shapes when it is a choice. */
export function bodyFields(body: Body): RootContent[] {
  const out: RootContent[] = [];
  if (body.fields.length) out.push(fieldList(body.fields));
  if (body.variants.length) out.push(...variants(body.variants, 'The body'));
  return out;
}
