import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { OpenApiError } from './errors.ts';
import { hashText, readCached, writeCached } from './cache.ts';
import type { ApiDescription, ApiOperation } from './model.ts';
import { operationsOf } from './operations.ts';
import { checkRefs } from './refs.ts';
import { YamlSource } from './source.ts';

/** Changes whenever what parsing gives changes, so a cache from older code is not used. */
const PARSER_VERSION = 'openapi-1';

/**
 * A description from its text, parsed with positions: its references checked and its
 * operations built. What the OpenAPI schema says about it is `validateDescription`'s (validate.ts),
 * a stage of its own that runs beside the Markdown.
 */
export function parseDescription(file: string, text: string): ApiDescription {
  const source = new YamlSource(file, text);
  checkRefs(source);
  const operations = operationsOf(source);
  const info = (source.value as { info?: { title?: unknown; version?: unknown } }).info ?? {};
  return { file, title: String(info.title ?? ''), version: String(info.version ?? ''), operations, yaml: text, json: `${JSON.stringify(source.value, null, 2)}\n` };
}

/** What the cache keeps of a parsed description: everything but the text it is read from. */
interface Parsed {
  key: string;
  description: Omit<ApiDescription, 'operations' | 'yaml'> & { operations: ApiOperation[] };
}

/**
 * The config's `openapi` file read from the site root and parsed (not validated); undefined when
 * the site has none. With `cache` (a folder), a text parsed before is not parsed again.
 */
export function readDescription(root: string, file: string | undefined, cache?: string): ApiDescription | undefined {
  if (file === undefined) return undefined;
  const rel = file.split(path.sep).join('/');
  const full = path.resolve(root, file);
  if (!existsSync(full)) throw new OpenApiError(`no OpenAPI description at ${rel}`, { file: 'site.config.ts' }, 'the config\'s "openapi" is a path from the site root, e.g. "openapi/api.yaml"');
  const text = readFileSync(full, 'utf8');
  const key = hashText(PARSER_VERSION, rel, text);
  const cached = readCached<Parsed>(cache, 'parsed.json');
  if (cached?.key === key) return { ...cached.description, yaml: text, operations: new Map(cached.description.operations.map((op) => [op.id, op])) };
  const api = parseDescription(rel, text);
  writeCached(cache, 'parsed.json', { key, description: { ...api, yaml: undefined, operations: [...api.operations.values()] } });
  return api;
}

/**
 * Validate the description (validate.ts, loaded only when needed). Compiling the OpenAPI schema
 * costs a few hundred milliseconds, so a text that passed is remembered in `cache` and not
 * validated again.
 */
export async function checkDescription(api: ApiDescription, cache?: string): Promise<void> {
  const key = hashText(PARSER_VERSION, api.file, api.yaml);
  if (readCached<{ key: string }>(cache, 'validated.json')?.key === key) return;
  await (await import('./validate.ts')).validateDescription(api);
  writeCached(cache, 'validated.json', { key });
}

/** Read, parse and validate: what `docgen dev` does when the description changes. */
export async function loadDescription(root: string, file: string | undefined, cache?: string): Promise<ApiDescription | undefined> {
  const api = readDescription(root, file, cache);
  if (api) await checkDescription(api, cache);
  return api;
}
