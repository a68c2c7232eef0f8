import type { ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Diagnostic, Location } from '../errors.ts';
import type { Doc } from '../model.ts';
import { ajv, deepest, describe, newAjv } from './ajv.ts';
import { hashText, readCached, writeCached } from './cache.ts';
import { pageExamples } from './examples.ts';
import type { ApiDescription, ApiExample, ApiOperation, JsonSchema, PageExample, YamlPath } from './model.ts';
import { pointerSegments, YamlSource } from './source.ts';

/** What the example check found, and how many examples it checked. */
export interface ExampleCheck {
  diagnostics: Diagnostic[];
  /** Examples of the pages checked against a schema. */
  pages: number;
  /** Examples of the description checked against their schema. */
  description: number;
}

// Compiled once per schema: by its place in the description (the schemas it refers to compiled
// once for all), or by its text.
const byPlace = new Map<string, ValidateFunction | Error>();
const byText = new Map<string, ValidateFunction | Error>();
let described: { json: string; ajv: Ajv2020 } | undefined;

function compiled(cache: Map<string, ValidateFunction | Error>, key: string, compile: () => ValidateFunction): ValidateFunction | Error {
  let found = cache.get(key);
  if (!found) {
    try {
      found = compile();
    } catch (err) {
      found = err as Error;
    }
    cache.set(key, found);
  }
  return found;
}

/** An Ajv holding the description itself, so a schema is compiled where it is written. */
function ajvWith(api: ApiDescription): Ajv2020 {
  if (described?.json !== api.json) {
    const instance = newAjv();
    instance.addSchema(JSON.parse(api.json) as object, DESCRIPTION, undefined, false);
    described = { json: api.json, ajv: instance };
    byPlace.clear();
  }
  return described.ajv;
}

const DESCRIPTION = 'urn:docgen:openapi';

/** A schema of the description, and where it is written there (see `ApiBody.schemaAt`). */
type Schema = { schema: JsonSchema; schemaAt?: string };

function validatorFor(api: ApiDescription, schema: JsonSchema, at: string | undefined): ValidateFunction | Error {
  if (at !== undefined) {
    // First: another description's validators are dropped before one is looked up.
    const instance = ajvWith(api);
    return compiled(byPlace, at, () => instance.compile({ $ref: `${DESCRIPTION}#${at}` }));
  }
  return compiled(byText, JSON.stringify(schema), () => ajv().compile(schema));
}

/** The line of the value at `pointer` in a JSON text (JSON is YAML), or undefined. */
function lineInJson(text: string, pointer: string): { line: number; column: number } | undefined {
  try {
    return new YamlSource('', text).place(pointerSegments(pointer));
  } catch {
    return undefined;
  }
}

/** Validate a value against a schema: the finding (`/data/x: must be integer`) and where in the value, or undefined. */
function mismatch(api: ApiDescription, { schema, schemaAt }: Schema, value: unknown): { rule: string; pointer: string } | undefined {
  const validate = validatorFor(api, schema, schemaAt);
  if (validate instanceof Error) return { rule: `the schema cannot be compiled: ${validate.message}`, pointer: '' };
  if (validate(value)) return undefined;
  const e = deepest(validate.errors ?? []);
  return { rule: `${e.instancePath || '/'}: ${describe(e)}`, pointer: e.instancePath };
}

const statusMatches = (status: string, wanted: string) => status === wanted || (/^\dXX$/i.test(status) && status[0] === wanted[0]);

/** The operation a page example is for: by id, or by method and path (a cURL sample). */
function operationOf(example: PageExample, api: ApiDescription, byRoute: { op: ApiOperation; pattern: RegExp }[]): ApiOperation | undefined {
  if (example.operationId) return api.operations.get(example.operationId);
  return byRoute.find(({ op, pattern }) => op.method === example.method && pattern.test(example.path ?? ''))?.op;
}

/** The schema an example is checked against, or a reason it cannot be. */
function schemaFor(example: PageExample, op: ApiOperation): Schema | string | undefined {
  if (example.kind === 'request') return op.requestBody ?? `${op.id} takes no request body`;
  const response = op.responses.find((r) => r.status === example.status) ?? op.responses.find((r) => statusMatches(r.status, example.status ?? '')) ?? op.responses.find((r) => r.status === 'default');
  if (!response) return `${op.id} has no ${example.status} response (it has ${op.responses.map((r) => r.status).join(', ')})`;
  return response.schema && { schema: response.schema, schemaAt: response.schemaAt };
}

function finding(message: string, location: Location): Diagnostic {
  return { severity: 'error', kind: 'mismatched example', message, location, hint: 'make the example match the description, or fix the description if the example is right' };
}

/** One page example checked: a finding, or nothing; `checked` is told when a schema was applied. */
function checkPageExample(api: ApiDescription, doc: Doc, example: PageExample, op: ApiOperation, checked: () => void): Diagnostic | undefined {
  const label = example.operationId ? `${example.kind}=${op.id}${example.status ? `:${example.status}` : ''}` : `${example.method} ${example.path} (${op.id})`;
  const at = { file: doc.source, line: example.line, column: example.column };
  const schema = schemaFor(example, op);
  if (typeof schema === 'string') return finding(`${label}: ${schema}`, at);
  if (!schema) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(example.text);
  } catch (err) {
    return finding(`${label}: not JSON (${(err as Error).message})`, at);
  }
  checked();
  const found = mismatch(api, schema, value);
  if (!found) return undefined;
  const inside = lineInJson(example.text, found.pointer);
  return finding(`${label} ${found.rule}`, inside ? { file: doc.source, line: example.line + inside.line - 1, column: inside.line === 1 ? example.column + inside.column - 1 : inside.column } : at);
}

/** A route pattern per operation: `/tokens/{id}` matches `/tokens/tok_1`. */
function routePatterns(api: ApiDescription): { op: ApiOperation; pattern: RegExp }[] {
  const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return [...api.operations.values()].map((op) => ({ op, pattern: new RegExp(`^${op.path.split(/\{[^}]+\}/).map(escape).join('[^/]+')}/?$`) }));
}

/** Every example of the description (parameters, request bodies, responses) against its own schema. */
function descriptionExamples(api: ApiDescription): { schema: Partial<Schema>; example: ApiExample; label: string }[] {
  return [...api.operations.values()].flatMap((op) => [
    ...op.parameters.flatMap((p) => p.examples.map((example) => ({ schema: p, example, label: `${op.id} parameter ${p.name}` }))),
    ...(op.requestBody?.examples ?? []).map((example) => ({ schema: op.requestBody!, example, label: `${op.id} request` })),
    ...op.responses.flatMap((r) => r.examples.map((example) => ({ schema: r, example, label: `${op.id} ${r.status} response` }))),
  ]);
}

/** What checking one doc's examples (or the description's) found; kept between runs by its key. */
interface Checked {
  diagnostics: Diagnostic[];
  checked: number;
}

function checkDoc(api: ApiDescription, doc: Doc, examples: { example: PageExample; op: ApiOperation }[]): Checked {
  const out: Checked = { diagnostics: [], checked: 0 };
  for (const { example, op } of examples) {
    const found = checkPageExample(api, doc, example, op, () => out.checked++);
    if (found) out.diagnostics.push(found);
  }
  return out;
}

function checkDescriptionExamples(api: ApiDescription): Checked {
  const out: Checked = { diagnostics: [], checked: 0 };
  let source: YamlSource | undefined;
  // Parsed with positions only when an example is reported.
  const placeOf = (at: YamlPath) => (source ??= new YamlSource(api.file, api.yaml)).place(at);
  for (const { schema, example, label } of descriptionExamples(api)) {
    if (!schema.schema) continue;
    out.checked++;
    const found = mismatch(api, schema as Schema, example.value);
    if (found) out.diagnostics.push(finding(`${label}${example.name ? ` example "${example.name}"` : ' example'} ${found.rule}`, { file: api.file, ...placeOf(example.at) }));
  }
  return out;
}

/** Findings by key: a doc's examples with the hashes of their operations, or the description's text. */
type Findings = Record<string, Checked>;
// docgen dev checks again on every run: what the last run found, by key, in this process.
let lastRun: Findings = {};

/**
 * The example check: the JSON examples of the pages (marked fences, cURL bodies) and those of
 * the description, each against its operation's schema (JSON Schema 2020-12). A mismatch is
 * reported at the example's line with the JSON path and the rule; its level is the config's
 * `onExampleMismatch`. Compiling the schemas is the cost, so what a doc's examples gave is kept
 * (in memory, and in `cache`) by their text and their operations' hashes.
 */
export function checkExamples(docs: readonly Doc[], api: ApiDescription | undefined, apiBaseUrl: string, cache?: string): ExampleCheck {
  const out: ExampleCheck = { diagnostics: [], pages: 0, description: 0 };
  if (!api) return out;
  const known: Findings = { ...readCached<Findings>(cache, 'examples.json'), ...lastRun };
  const used: Findings = {};
  const take = (key: string, run: () => Checked) => (used[key] = known[key] ?? run());
  const byRoute = routePatterns(api);
  // The description is the latest release's: an older docs version shows what its release took.
  for (const doc of docs.filter((d) => d.version === undefined)) {
    const examples = pageExamples(doc, apiBaseUrl).flatMap((example) => {
      const op = operationOf(example, api, byRoute);
      return op ? [{ example, op }] : [];
    });
    if (!examples.length) continue;
    const found = take(hashText('doc', doc.source, JSON.stringify(examples.map(({ example, op }) => [example, op.hash]))), () => checkDoc(api, doc, examples));
    out.diagnostics.push(...found.diagnostics);
    out.pages += found.checked;
  }
  const own = take(hashText('description', api.file, api.yaml), () => checkDescriptionExamples(api));
  out.diagnostics.push(...own.diagnostics);
  out.description = own.checked;
  lastRun = used;
  if (Object.keys(used).some((key) => !(key in known)) || Object.keys(known).length !== Object.keys(used).length) writeCached(cache, 'examples.json', used);
  return out;
}
