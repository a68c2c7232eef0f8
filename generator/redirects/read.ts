import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DocgenError, type Location } from '../errors.ts';
import type { Redirect } from '../model.ts';
import { unsafePathProblem } from '../routes/safe.ts';
import { patternProblem } from './patterns.ts';

export const REDIRECTS_FILE = 'redirects.json';

const SHAPE = 'each entry is { "from": "/old-path", "to": "/docs/new-path" }';
const PATTERN = 'a pattern names its placeholders in both paths: { "from": "/old/:slug", "to": "/docs/new/:slug" }, or "/old/*" → "/docs/new/:splat"';
/** Characters a path may hold as written: URL path characters, `%` escapes, `?` and `#` (in `to`). */
const PATH_CHARS = /^[A-Za-z0-9\-._~!&'()*+,;=:@/%?#]*$/;

/** A path every host format can carry as it is (no quoting or escaping needed anywhere). */
export const isPlainPath = (p: string) => p.startsWith('/') && PATH_CHARS.test(p);

interface EntryPosition {
  start: number;
  /** Offset of each field's value. */
  fields: Record<string, number>;
}

/**
 * Where each element of the top-level array starts, and where its fields' values start, so a
 * bad field is reported at its own line and column. Called on text JSON.parse accepted.
 */
function locateEntries(text: string): EntryPosition[] {
  const entries: EntryPosition[] = [];
  let depth = 0;
  let key: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const afterColon = /^\s*:/.test(text.slice(end + 1, end + 20));
      if (depth === 1) entries.push({ start: i, fields: {} });
      else if (depth === 2 && afterColon) key = JSON.parse(text.slice(i, end + 1)) as string;
      else if (depth === 2 && key !== undefined) entries[entries.length - 1].fields[key] = i;
      i = end;
    } else if (c === '[' || c === '{') {
      if (depth === 1) entries.push({ start: i, fields: {} });
      else if (depth === 2 && key !== undefined) entries[entries.length - 1].fields[key] = i;
      depth++;
      key = undefined;
    } else if (c === ']' || c === '}') depth--;
    else if (/[-0-9tfn]/.test(c) && !/[\w.+-]/.test(text[i - 1] ?? '')) {
      // A number, true, false or null starts here.
      if (depth === 1) entries.push({ start: i, fields: {} });
      else if (depth === 2 && key !== undefined) entries[entries.length - 1].fields[key] = i;
    }
  }
  return entries;
}

function at(text: string, offset: number): Location {
  const before = text.slice(0, offset).split('\n');
  return { file: REDIRECTS_FILE, line: before.length, column: before[before.length - 1].length + 1 };
}

/** Why `value` cannot be this field of a redirect, or undefined when it can. */
function problem(field: 'from' | 'to', value: unknown): string | undefined {
  if (value === undefined) return 'missing';
  if (typeof value !== 'string') return `expected a string (got ${JSON.stringify(value)})`;
  if (/^([a-z][a-z0-9+.-]*:|\/[/\\])/i.test(value)) return `${JSON.stringify(value)} leaves the site; a redirect must stay on it (a path starting with "/")`;
  if (!value.startsWith('/')) return `expected a site path starting with "/" (got ${JSON.stringify(value)})`;
  if (!PATH_CHARS.test(value)) return `${JSON.stringify(value)} holds a character a URL cannot (space, quote, backslash…); percent-encode it`;
  if (field === 'from' && /[?#]/.test(value)) return `${JSON.stringify(value)}: hosts match the path only, without a query or #fragment`;
  return undefined;
}

/**
 * Why a redirect's path (checked by `problem` first) would lead outside the output folder: a
 * `from` becomes stub files and both become host rules.
 */
function unsafe(value: string): string | undefined {
  const why = unsafePathProblem(value.split(/[?#]/)[0]);
  return why && `${JSON.stringify(value)} ${why}; a redirect's paths must stay inside the site`;
}

/**
 * Read and shape-check redirects.json. A malformed file fails naming the entry index, the
 * field, and where it stands; open redirects (a `from` or `to` off the site) are refused.
 */
export function readRedirects(root: string): Redirect[] {
  const file = path.join(root, REDIRECTS_FILE);
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const position = /at position (\d+)/.exec(message);
    const where = position ? at(text, Number(position[1])) : { file: REDIRECTS_FILE };
    throw new DocgenError(`invalid JSON: ${message.replace(/ in JSON at position.*$/, '')}`, where, SHAPE);
  }
  if (!Array.isArray(raw)) throw new DocgenError('expected an array of redirects', at(text, text.search(/\S/)), SHAPE);
  const positions = locateEntries(text);
  return raw.map((entry: unknown, i) => {
    const pos = positions[i];
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new DocgenError(`entry [${i}]: expected an object (got ${JSON.stringify(entry)})`, at(text, pos.start), SHAPE);
    }
    const fields = entry as Record<string, unknown>;
    const unknown = Object.keys(fields).find((k) => k !== 'from' && k !== 'to');
    if (unknown !== undefined) throw new DocgenError(`entry [${i}]: unknown field "${unknown}" (a redirect has "from" and "to")`, at(text, pos.start), SHAPE);
    for (const field of ['from', 'to'] as const) {
      const why = problem(field, fields[field]) ?? unsafe(fields[field] as string);
      if (why) throw new DocgenError(`entry [${i}].${field}: ${why}`, at(text, pos.fields[field] ?? pos.start), SHAPE);
    }
    const pattern = patternProblem(fields.from as string, fields.to as string);
    if (pattern) throw new DocgenError(`entry [${i}].${pattern.field}: ${pattern.message}`, at(text, pos.fields[pattern.field] ?? pos.start), PATTERN);
    return { from: fields.from as string, to: fields.to as string, line: at(text, pos.start).line };
  });
}
