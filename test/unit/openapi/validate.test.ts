import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatError } from '../../../generator/errors.ts';
import { parseDescription } from '../../../generator/openapi/load.ts';
import { validateDescription } from '../../../generator/openapi/validate.ts';

const text = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/openapi/openapi/api.yaml'), 'utf8');

/** The fixture's description with one edit, loaded; what it throws as the CLI prints it. */
async function broken(from: string, to: string): Promise<string> {
  expect(text).toContain(from);
  try {
    await validateDescription(parseDescription('openapi/api.yaml', text.replace(from, to)));
  } catch (err) {
    return formatError(err);
  }
  return 'nothing thrown';
}

describe('a description that cannot be used is an error at its line and column', () => {
  it('invalid YAML', async () => {
    expect(await broken('      summary: Create a token\n', '      summary: Create a token\n     bad: [x\n')).toMatchInlineSnapshot(`
      "error openapi/api.yaml:18:1: invalid YAML: All mapping items must start at the same column
        hint: fix the YAML syntax at this place"
    `);
    expect(await broken('      summary: Create a token\n', '      summary: Create a token\n      summary: again\n')).toMatchInlineSnapshot(`
      "error openapi/api.yaml:18:7: invalid YAML: Map keys must be unique
        hint: fix the YAML syntax at this place"
    `);
  });

  it('a $ref to nothing, or to another file', async () => {
    expect(await broken("'#/components/schemas/TokenRequest'", "'#/components/schemas/TokenRequets'")).toMatchInlineSnapshot(`
      "error openapi/api.yaml:26:15: $ref "#/components/schemas/TokenRequets" points at nothing
        hint: check the spelling against the names under components"
    `);
    expect(await broken("'#/components/schemas/TokenRequest'", "'common.yaml#/TokenRequest'")).toMatchInlineSnapshot(`
      "error openapi/api.yaml:26:15: $ref "common.yaml#/TokenRequest" points outside the description
        hint: keep every schema in this file, under components, and refer to it as "#/components/…""
    `);
  });

  it('a duplicate operationId, at the second', async () => {
    expect(await broken('operationId: listTokens', 'operationId: createToken')).toMatchInlineSnapshot(`
      "error openapi/api.yaml:51:7: duplicate operationId "createToken": POST /tokens (line 15) has it too
        hint: every operationId must be unique"
    `);
  });

  it('an operation without an operationId', async () => {
    expect(await broken('      operationId: deleteToken\n', '')).toMatchInlineSnapshot(`
      "error openapi/api.yaml:103:5: DELETE /tokens/{id} has no operationId
        hint: give every operation an operationId: pages name operations by it"
    `);
  });

  it('what OpenAPI 3.1 does not allow', async () => {
    expect(await broken('          in: query\n          description: How many', '          in: querry\n          description: How many')).toMatchInlineSnapshot(`
      "error openapi/api.yaml:57:11: invalid OpenAPI at /paths/~1tokens/get/parameters/0/in: must be one of "query", "header", "path", "cookie"
        hint: see the OpenAPI 3.1 specification for what this object may hold"
    `);
    expect(await broken("        '204':\n          description: Deleted.", "        '204':\n          summary: Deleted.")).toMatchInlineSnapshot(`
      "error openapi/api.yaml:109:9: invalid OpenAPI at /paths/~1tokens~1{id}/delete/responses/204: missing "description"
        hint: see the OpenAPI 3.1 specification for what this object may hold"
    `);
    expect(await broken('openapi: 3.1.0', 'openapi: 3.0.3')).toMatchInlineSnapshot(`
      "error openapi/api.yaml:1:1: OpenAPI 3.0.3 is not supported
        hint: docgen reads OpenAPI 3.1: start the file with openapi: 3.1.0"
    `);
  });

  it('a schema that is not JSON Schema 2020-12', async () => {
    expect(await broken('amount: { type: integer,', 'amount: { type: integr,')).toMatchInlineSnapshot(`
      "error openapi/api.yaml:127:27: invalid schema at /paths/~1payments/post/requestBody/content/application~1json/schema/properties/amount/type: must be one of "array", "boolean", "integer", "null", "number", "object", "string"
        hint: schemas are JSON Schema 2020-12 (https://json-schema.org/draft/2020-12)"
    `);
    expect(await broken('expiration_month: { type: integer, minimum: 1', 'expiration_month: { type: integer, minimum: one')).toMatchInlineSnapshot(`
      "error openapi/api.yaml:180:44: invalid schema at /components/schemas/Card/properties/expiration_month/minimum: must be number
        hint: schemas are JSON Schema 2020-12 (https://json-schema.org/draft/2020-12)"
    `);
  });
});

describe('the OpenAPI 3.1 schema validator, compiled once per install', () => {
  it('finds what the validator package finds, on a good description and on broken ones', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const { openApiSchemaValidator } = await import('../../../generator/openapi/schema-validator.ts');
    const compiled = await openApiSchemaValidator();
    const good = parseDescription('openapi/api.yaml', text).json;
    const docs = [good, good.replace('"in": "path"', '"in": "body"'), good.replace('"openapi": "3.1.0"', '"openapi": "3.1.0", "webhookz": 1'), good.replace(/"responses": \{/, '"responses": { "2000": {},')];
    for (const json of docs) {
      const reference = await new Validator({ allErrors: true }).validate(JSON.parse(json));
      const valid = compiled(JSON.parse(json));
      expect(valid).toBe(reference.valid);
      expect((compiled.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`)).toEqual(((reference.errors as { instancePath: string; keyword: string }[] | undefined) ?? []).map((e) => `${e.instancePath} ${e.keyword}`));
    }
  });
});
