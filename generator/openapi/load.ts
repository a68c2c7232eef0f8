import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { deepest, describe, pointerOf } from './ajv.ts';
import { OpenApiError } from './errors.ts';
import type { ApiDescription } from './model.ts';
import { operationsOf } from './operations.ts';
import { checkRefs } from './refs.ts';
import { checkSchemas } from './schemas.ts';
import { YamlSource } from './source.ts';

/** The document is OpenAPI 3.1 as its schema says: the first finding at its line. */
export async function validateOpenApi(source: YamlSource): Promise<void> {
  const doc = source.value as Record<string, unknown> | null;
  const version = typeof doc?.openapi === 'string' ? doc.openapi : '';
  if (!/^3\.1\.\d+$/.test(version)) {
    throw new OpenApiError(version ? `OpenAPI ${version} is not supported` : 'not an OpenAPI description (no "openapi" version)', { file: source.file, ...source.place(['openapi']) }, 'docgen reads OpenAPI 3.1: start the file with openapi: 3.1.0');
  }
  const result = await new Validator({ allErrors: true }).validate(structuredClone(doc) as Record<string, unknown>);
  if (result.valid) return;
  if (typeof result.errors === 'string') throw new OpenApiError(`invalid OpenAPI: ${result.errors}`, { file: source.file }, 'see the OpenAPI 3.1 specification');
  const e = deepest(result.errors ?? []);
  throw new OpenApiError(`invalid OpenAPI at ${e.instancePath || '/'}: ${describe(e)}`, { file: source.file, ...source.placeOfPointer(pointerOf(e)) }, 'see the OpenAPI 3.1 specification for what this object may hold');
}

/** A description from its text: parsed with positions, validated, its operations built. */
export async function parseDescription(file: string, text: string): Promise<ApiDescription> {
  const source = new YamlSource(file, text);
  // References first: the validator would stop at one to nothing without saying where it is.
  checkRefs(source);
  await validateOpenApi(source);
  checkSchemas(source);
  const operations = operationsOf(source);
  const info = (source.value as { info?: { title?: unknown; version?: unknown } }).info ?? {};
  return { file, title: String(info.title ?? ''), version: String(info.version ?? ''), operations, yaml: text, json: `${JSON.stringify(source.value, null, 2)}\n` };
}

/** The config's `openapi` file read from the site root; undefined when the site has none. */
export async function loadDescription(root: string, file: string | undefined): Promise<ApiDescription | undefined> {
  if (file === undefined) return undefined;
  const rel = file.split(path.sep).join('/');
  const full = path.resolve(root, file);
  if (!existsSync(full)) throw new OpenApiError(`no OpenAPI description at ${rel}`, { file: 'site.config.ts' }, 'the config\'s "openapi" is a path from the site root, e.g. "openapi/api.yaml"');
  return parseDescription(rel, readFileSync(full, 'utf8'));
}
