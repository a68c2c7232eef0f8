import type { ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// One instance per process: Ajv compiles each schema once and keeps it.
let shared: Ajv2020 | undefined;

/**
 * Ajv for JSON Schema 2020-12, the dialect of OpenAPI 3.1, with the standard formats. Not
 * strict: OpenAPI's own keywords (`example`, `xml`, `discriminator`, `x-…`) sit in its schemas.
 */
export function ajv(): Ajv2020 {
  return (shared ??= newAjv());
}

/** A new instance with the options of `ajv()`, for schemas kept apart from the shared ones. */
export function newAjv(): Ajv2020 {
  // Not optimised: each schema validates a handful of examples once, and Ajv's optimiser costs
  // more than a third of the compile time it would save on a few calls.
  const instance = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, code: { optimize: false } });
  (addFormats as unknown as (a: Ajv2020) => void)(instance);
  return instance;
}

/**
 * The finding to show of a failed validation: the deepest one, which names the value that is
 * wrong rather than the alternatives (`oneOf`, `anyOf`) of its parents that it did not match.
 */
export function deepest(errors: ErrorObject[]): ErrorObject {
  const score = (e: ErrorObject) => e.instancePath.split('/').length * 2 + (['oneOf', 'anyOf', 'if'].includes(e.keyword) ? 0 : 1);
  return errors.reduce((best, e) => (score(e) > score(best) ? e : best));
}

/** A finding in words: `must be integer`, `unknown key "x"`, `must be one of "a", "b"`. */
export function describe(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') return `unknown key "${String(params.additionalProperty)}"`;
  if (e.keyword === 'unevaluatedProperties') return `unknown key "${String(params.unevaluatedProperty)}"`;
  if (e.keyword === 'required') return `missing "${String(params.missingProperty)}"`;
  if (e.keyword === 'enum') return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if (e.keyword === 'const') return `must be ${JSON.stringify(params.allowedValue)}`;
  return e.message ?? e.keyword;
}

/** The pointer of the value a finding is about: for an unknown key, the key itself. */
export function pointerOf(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  const key = params.additionalProperty ?? params.unevaluatedProperty;
  return key === undefined ? e.instancePath : `${e.instancePath}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}
