import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OpenApiError } from './errors.ts';
import type { ApiDescription } from './model.ts';
import { operationsOf } from './operations.ts';
import { checkRefs } from './refs.ts';
import { YamlSource } from './source.ts';

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

/** The config's `openapi` file read from the site root and parsed (not validated); undefined when the site has none. */
export function readDescription(root: string, file: string | undefined): ApiDescription | undefined {
  if (file === undefined) return undefined;
  const rel = file.split(path.sep).join('/');
  const full = path.resolve(root, file);
  if (!existsSync(full)) throw new OpenApiError(`no OpenAPI description at ${rel}`, { file: 'site.config.ts' }, 'the config\'s "openapi" is a path from the site root, e.g. "openapi/api.yaml"');
  return parseDescription(rel, readFileSync(full, 'utf8'));
}

const hashOf = (text: string) => createHash('sha256').update('openapi-3.1\0').update(text).digest('hex');

/**
 * Validate the description (validate.ts, loaded only when needed). Compiling the OpenAPI schema
 * costs a few hundred milliseconds, so a text that passed is remembered in `remember` (a file of
 * the site's cache) and not validated again.
 */
export async function checkDescription(api: ApiDescription, remember?: string): Promise<void> {
  const hash = hashOf(api.yaml);
  if (remember && existsSync(remember) && readFileSync(remember, 'utf8') === hash) return;
  await (await import('./validate.ts')).validateDescription(api);
  if (!remember) return;
  mkdirSync(path.dirname(remember), { recursive: true });
  writeFileSync(`${remember}.tmp`, hash);
  renameSync(`${remember}.tmp`, remember);
}

/** Read, parse and validate: what `docgen dev` does when the description changes. */
export async function loadDescription(root: string, file: string | undefined, remember?: string): Promise<ApiDescription | undefined> {
  const api = readDescription(root, file);
  if (api) await checkDescription(api, remember);
  return api;
}
