import type { z } from 'zod';
import { closest } from '../links/suggest.ts';

/** `navbar.items[3].type` from zod's path array. */
export function formatPath(p: readonly PropertyKey[]): string {
  return p.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`)).join('');
}

type Def = { type: string; innerType?: Schema; element?: Schema; valueType?: Schema; options?: Schema[]; in?: Schema; getter?: () => Schema; shape?: Record<string, Schema> };
type Schema = { _zod: { def: Def } };

/** The object schemas a value at `path` may have to match (wrappers, arrays, unions followed). */
function objectsAt(schema: Schema, path: readonly PropertyKey[]): Def[] {
  const def = schema._zod.def;
  if (def.innerType) return objectsAt(def.innerType, path);
  if (def.getter) return objectsAt(def.getter(), path);
  if (def.in) return objectsAt(def.in, path);
  if (def.options) return def.options.flatMap((o) => objectsAt(o, path));
  if (path.length === 0) return def.type === 'object' ? [def] : [];
  const [key, ...rest] = path;
  if (def.element && typeof key === 'number') return objectsAt(def.element, rest);
  if (def.valueType) return objectsAt(def.valueType, rest);
  const field = def.shape?.[String(key)];
  return field ? objectsAt(field, rest) : [];
}

/** The keys an object at `path` may have. */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  return [...new Set(objectsAt(schema as unknown as Schema, path).flatMap((d) => Object.keys(d.shape ?? {})))];
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object of keys and values',
  record: 'an object of keys and values',
  null: 'null',
};

const FORMATS: Record<string, string> = {
  url: 'a full URL such as "https://docs.example.com"',
  email: 'an e-mail address',
};

/** A size limit in words: a number's bound, or a text's or a list's length. */
function sizeMessage(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): string {
  const small = issue.code === 'too_small';
  const bound = Number(small ? issue.minimum : issue.maximum);
  const inclusive = issue.inclusive !== false;
  if (issue.origin === 'string' && small && bound === 1) return 'must not be empty';
  const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' entries' : '';
  const word = small ? (inclusive ? 'at least' : 'more than') : inclusive ? 'at most' : 'less than';
  return issue.origin === 'number' ? `must be ${word} ${bound}` : `must have ${word} ${bound}${unit}`;
}

/**
 * A schema issue in plain words, without the schema library's wording: the messages the schema
 * itself gives (a pattern's explanation, a refinement) are kept as they are.
 */
export function plainMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if ('input' in issue && issue.input === undefined) return 'is required';
      return `must be ${KINDS[issue.expected] ?? issue.expected}`;
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue);
    case 'invalid_value':
      return `must be ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return FORMATS[issue.format] ? `must be ${FORMATS[issue.format]}` : issue.message;
    case 'invalid_union':
      // A union the schema explains keeps its words; zod's own are no help to a reader.
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'matches none of the forms this setting may take (see the README)';
    case 'invalid_key':
      return issue.issues[0] ? plainMessage(issue.issues[0]) : 'is not a key this setting takes';
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return issue.message;
  }
}

/** One issue as a reader wants it: where, what, and for an unknown key the one probably meant. */
export function describeIssue(schema: z.ZodType, issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    const where = formatPath([...issue.path, key]);
    const near = closest(key, keysAt(schema, issue.path));
    return `${where}: unknown key${near ? `; did you mean "${near}"?` : ''}`;
  }
  return `${formatPath(issue.path) || '(root)'}: ${plainMessage(issue)}`;
}

/**
 * Where the issue's key is written in the config source: each key of its path found in turn,
 * from where the one before it was found. A missing key is not written, so its object is named
 * (not a key of the same name further on). A config that computes its keys keeps no position.
 */
export function locateIssue(source: string, issue: z.core.$ZodIssue): { line: number; column: number } | undefined {
  const missing = issue.code === 'invalid_type' && 'input' in issue && issue.input === undefined;
  const path = missing ? issue.path.slice(0, -1) : issue.path;
  const keys = [...path, ...(issue.code === 'unrecognized_keys' ? [issue.keys[0]] : [])].filter((k): k is string => typeof k === 'string');
  if (keys.length === 0) return undefined;
  let from = 0;
  let at = -1;
  for (const key of keys) {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const found = new RegExp(`(?<![\\w$])(["']?)${escaped}\\1\\s*:`, 'g');
    found.lastIndex = from;
    const m = found.exec(source);
    if (!m) return undefined;
    at = m.index;
    from = m.index + m[0].length;
  }
  const before = source.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
