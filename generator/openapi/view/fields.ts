import type { ApiParameter, JsonSchema } from '../model.ts';

/**
 * An operation's parameters and schemas as a reader meets them: a list of fields, each with
 * what the page shows of it. The HTML field list (markdown/operation/) and the published
 * Markdown (meta/operations.ts) are both made from this, so they never disagree.
 */
export interface Field {
  name: string;
  /** "string (date-time)", "array of object", "integer | string". */
  type: string;
  required: boolean;
  nullable: boolean;
  deprecated: boolean;
  /** JSON of `default`. */
  default?: string;
  /** JSON of each `enum` value (or of `const`). */
  allowed: string[];
  /** Bounds in words: "1 to 100", "at most 64 characters". */
  constraints: string[];
  /** The `pattern` a string matches. */
  pattern?: string;
  /** Markdown, as written in the description. */
  description?: string;
  /** The fields of a nested object (or of an array's items). */
  children: Field[];
  /** `oneOf` / `anyOf`: each choice with its own fields. */
  variants: Variant[];
}

export interface Variant {
  label: string;
  fields: Field[];
}

/** Which side a schema is read for: request bodies leave out `readOnly` fields, responses `writeOnly` ones. */
export type Side = 'request' | 'response';

/** Past this depth a schema is shown by its type only: a self-referencing schema would never end. */
const MAX_DEPTH = 8;

function types(schema: JsonSchema): string[] {
  const t = schema.type;
  if (Array.isArray(t)) return t.map(String);
  if (typeof t === 'string') return [t];
  if (schema.properties) return ['object'];
  return [];
}

function choices(schema: JsonSchema): JsonSchema[] {
  const list = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  return Array.isArray(list) ? list : [];
}

/** `allOf` merged into one schema: properties and required lists joined, the rest from the first. */
function merged(schema: JsonSchema): JsonSchema {
  const parts = schema.allOf as JsonSchema[] | undefined;
  if (!Array.isArray(parts)) return schema;
  const out: JsonSchema = { ...schema, allOf: undefined };
  for (const part of parts.map(merged)) {
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties') out.properties = { ...(out.properties as object), ...(v as object) };
      else if (k === 'required') out.required = [...((out.required as string[]) ?? []), ...(v as string[])];
      else if (out[k] === undefined) out[k] = v;
    }
  }
  return out;
}

/** The type as shown: format in brackets, arrays by their items, choices joined with `|`. */
export function typeLabel(raw: JsonSchema): string {
  const schema = merged(raw);
  const options = choices(schema).filter((c) => types(c).join() !== 'null');
  if (options.length && !schema.type) return [...new Set(options.map(typeLabel))].join(' | ');
  const named = types(schema).filter((t) => t !== 'null');
  const one = (t: string) => {
    const values = schema.additionalProperties;
    if (t === 'object' && !schema.properties && values && typeof values === 'object') return `map of ${typeLabel(values as JsonSchema)}`;
    if (t === 'array') return `array of ${schema.items ? typeLabel(schema.items as JsonSchema) : 'any'}`;
    return schema.format ? `${t} (${String(schema.format)})` : t;
  };
  return named.length ? named.map(one).join(' | ') : schema.const !== undefined ? typeof schema.const : 'any';
}

function words(schema: JsonSchema): string[] {
  const out: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) out.push(`${min} to ${max}${unit}`);
    else if (min !== undefined) out.push(`at least ${min}${unit}`);
    else if (max !== undefined) out.push(`at most ${max}${unit}`);
  };
  range(schema.minimum, schema.maximum, '');
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.exclusiveMinimum !== undefined) out.push(`greater than ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) out.push(`less than ${schema.exclusiveMaximum}`);
  return out;
}

/** The schema whose fields are listed under a field: itself for an object, its items for an array. */
function inner(raw: JsonSchema): JsonSchema {
  const others = choices(raw).filter((c) => types(c).join() !== 'null');
  const schema = others.length === 1 ? merged(others[0]) : raw;
  const items = schema.items as JsonSchema | undefined;
  return types(schema).includes('array') && items ? merged(items) : schema;
}

function variantLabel(choice: JsonSchema, i: number): string {
  const title = typeof choice.title === 'string' ? choice.title : undefined;
  return title ?? `Option ${i + 1}: ${typeLabel(choice)}`;
}

/** One field from its schema; `depth` counts the objects it sits in. */
export function fieldOf(name: string, raw: JsonSchema, required: boolean, side: Side, depth = 0): Field {
  const schema = merged(raw);
  const nested = inner(schema);
  const enumValues = Array.isArray(schema.enum) ? schema.enum : schema.const !== undefined ? [schema.const] : [];
  const deeper = depth < MAX_DEPTH;
  return {
    name,
    type: typeLabel(schema),
    required,
    nullable: types(schema).includes('null') || schema.nullable === true || choices(schema).some((c) => types(c).join() === 'null'),
    deprecated: schema.deprecated === true,
    default: schema.default !== undefined ? JSON.stringify(schema.default) : undefined,
    allowed: enumValues.filter((v) => v !== null).map((v) => JSON.stringify(v)),
    constraints: words(schema),
    pattern: typeof schema.pattern === 'string' ? schema.pattern : undefined,
    description: typeof schema.description === 'string' ? schema.description : undefined,
    children: deeper ? fieldsOf(nested, side, depth + 1) : [],
    variants: deeper ? variantsOf(nested, side, depth + 1) : [],
  };
}

/** The choices of a `oneOf`/`anyOf`, `null` left out (it shows as "nullable"). */
export function variantsOf(schema: JsonSchema, side: Side, depth = 0): Variant[] {
  const list = choices(schema).filter((c) => types(c).join() !== 'null');
  if (list.length < 2) return [];
  return list.map((choice, i) => ({ label: variantLabel(choice, i), fields: fieldsOf(merged(choice), side, depth) }));
}

/** The properties of an object schema as fields, in the description's order. */
export function fieldsOf(raw: JsonSchema, side: Side, depth = 0): Field[] {
  const schema = merged(raw);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const hidden = side === 'request' ? 'readOnly' : 'writeOnly';
  return Object.entries(properties)
    .filter(([, p]) => p[hidden] !== true)
    .map(([name, p]) => fieldOf(name, p, required.has(name), side, depth));
}

/** A request or response body: its type, and the fields of the object it is (or holds, for an array). */
export interface Body {
  type: string;
  fields: Field[];
  variants: Variant[];
}

export function bodyOf(raw: JsonSchema, side: Side): Body {
  const schema = merged(raw);
  const nested = inner(schema);
  return { type: typeLabel(schema), fields: fieldsOf(nested, side), variants: variantsOf(nested, side) };
}

/** A parameter as a field: its own description first, then its schema's. */
export function parameterField(p: ApiParameter): Field {
  const field = fieldOf(p.name, p.schema, p.required, 'request');
  return { ...field, description: p.description ?? field.description, deprecated: p.deprecated === true || field.deprecated };
}
