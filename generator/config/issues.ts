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

/** One issue as a reader wants it: where, what, and for an unknown key the one probably meant. */
export function describeIssue(schema: z.ZodType, issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    const where = formatPath([...issue.path, key]);
    const near = closest(key, keysAt(schema, issue.path));
    return `${where}: unknown key${near ? `; did you mean "${near}"?` : ''}`;
  }
  return `${formatPath(issue.path) || '(root)'}: ${issue.message}`;
}

/**
 * Where the issue's key is written in the config source: each key of its path found in turn,
 * from where the one before it was found. A config that computes its keys keeps no position.
 */
export function locateIssue(source: string, issue: z.core.$ZodIssue): { line: number; column: number } | undefined {
  const keys = [...issue.path, ...(issue.code === 'unrecognized_keys' ? [issue.keys[0]] : [])].filter((k): k is string => typeof k === 'string');
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
