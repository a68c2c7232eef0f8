import { ajv, deepest, describe, pointerOf } from './ajv.ts';
import { OpenApiError } from './errors.ts';
import { pointerSegments, type Segment, type YamlSource } from './source.ts';

/** Where the description holds JSON Schemas: every `schema` value, and each of `components.schemas`. */
function schemasOf(value: unknown, path: Segment[] = [], out: { path: Segment[]; schema: object }[] = []): { path: Segment[]; schema: object }[] {
  if (typeof value !== 'object' || value === null) return out;
  if (Array.isArray(value)) {
    value.forEach((item, i) => schemasOf(item, [...path, i], out));
    return out;
  }
  const inComponents = path.length === 2 && path[0] === 'components' && path[1] === 'schemas';
  for (const [key, child] of Object.entries(value)) {
    if ((key === 'schema' || inComponents) && typeof child === 'object' && child !== null) out.push({ path: [...path, key], schema: child });
    else schemasOf(child, [...path, key], out);
  }
  return out;
}

/**
 * Every schema of the description is JSON Schema 2020-12 (the OpenAPI validator checks the
 * document's structure but lets any object stand for a schema): `type: integr` is an error at
 * its line, not a check that silently passes every example.
 */
export function checkSchemas(source: YamlSource): void {
  const validator = ajv();
  for (const { path, schema } of schemasOf(source.value)) {
    if (validator.validateSchema(schema) === true) continue;
    const e = deepest(validator.errors ?? []);
    const at = [...path, ...pointerSegments(pointerOf(e))];
    const shown = at.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    throw new OpenApiError(`invalid schema at /${shown}: ${describe(e)}`, { file: source.file, ...source.place(at) }, 'schemas are JSON Schema 2020-12 (https://json-schema.org/draft/2020-12)');
  }
}
