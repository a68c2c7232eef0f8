import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';
import { cacheDir } from '../esbuild/core.mjs';
import { DOCGEN_ROOT } from '../root.ts';

/**
 * The OpenAPI 3.1 schema's validator as @seriousme/openapi-schema-validator makes it (Ajv
 * 2020-12, not strict, every error, the standard formats and OpenAPI's `media-range`), compiled
 * once per install of docgen and kept as code beside the CLI bundle: compiling the schema costs
 * more than validating any description, and it is the same for every site.
 */
const OPTIONS = { strict: false, allErrors: true } as const;

function schemaText(): string {
  const entry = createRequire(import.meta.url).resolve('@seriousme/openapi-schema-validator');
  return readFileSync(path.join(path.dirname(entry), 'schemas', 'v3.1', 'schema.json'), 'utf8');
}

function compiledCode(schema: string): string {
  const ajv = new Ajv2020({ ...OPTIONS, code: { source: true, esm: true } });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addFormat('media-range', true);
  return (standaloneCode as unknown as (a: Ajv2020, v: ValidateFunction) => string)(ajv, ajv.compile(JSON.parse(schema)));
}

/** The validator's module file, written (under a temporary name, then renamed) when missing. */
function moduleFile(): string {
  const schema = schemaText();
  const ajvVersion = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;
  const key = createHash('sha256').update(schema).update(ajvVersion).update(JSON.stringify(OPTIONS)).digest('hex').slice(0, 16);
  const dir = cacheDir(DOCGEN_ROOT, 'validators');
  const file = path.join(dir, `openapi-3.1-${key}.mjs`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${file}.${process.pid}`, compiledCode(schema));
  renameSync(`${file}.${process.pid}`, file);
  return file;
}

/** The compiled validator of the OpenAPI 3.1 schema. */
export async function openApiSchemaValidator(): Promise<ValidateFunction> {
  return ((await import(pathToFileURL(moduleFile()).href)) as { default: ValidateFunction }).default;
}
