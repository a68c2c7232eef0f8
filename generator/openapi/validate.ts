import { deepest, describe, pointerOf } from './ajv.ts';
import { OpenApiError } from './errors.ts';
import type { ApiDescription } from './model.ts';
import { checkSchemas } from './schemas.ts';
import { openApiSchemaValidator } from './schema-validator.ts';
import { YamlSource } from './source.ts';

/** The document is OpenAPI 3.1 as its schema says: the first finding at its line. */
export async function validateOpenApi(source: YamlSource): Promise<void> {
  const doc = source.value as Record<string, unknown> | null;
  const version = typeof doc?.openapi === 'string' ? doc.openapi : '';
  if (!/^3\.1\.\d+$/.test(version)) {
    throw new OpenApiError(version ? `OpenAPI ${version} is not supported` : 'not an OpenAPI description (no "openapi" version)', { file: source.file, ...source.place(['openapi']) }, 'docgen reads OpenAPI 3.1: start the file with openapi: 3.1.0');
  }
  // Its references were checked when it was parsed (refs.ts), at their lines.
  const validate = await openApiSchemaValidator();
  if (validate(doc)) return;
  const e = deepest(validate.errors ?? []);
  throw new OpenApiError(`invalid OpenAPI at ${e.instancePath || '/'}: ${describe(e)}`, { file: source.file, ...source.placeOfPointer(pointerOf(e)) }, 'see the OpenAPI 3.1 specification for what this object may hold');
}

/** The description is OpenAPI 3.1 and its schemas JSON Schema 2020-12, or an error at the line. */
export async function validateDescription(api: ApiDescription): Promise<void> {
  // The YAML was parsed with the description; the JSON of it is read far faster, and the YAML
  // is parsed again only to place a finding.
  const source = new YamlSource(api.file, api.yaml, JSON.parse(api.json));
  await validateOpenApi(source);
  checkSchemas(source);
}
