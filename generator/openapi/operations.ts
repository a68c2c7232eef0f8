import { createHash } from 'node:crypto';
import { OpenApiError } from './errors.ts';
import type { ApiBody, ApiExample, ApiOperation, ApiParameter, ApiResponse, JsonSchema } from './model.ts';
import { atPointer, resolveRefs } from './refs.ts';
import type { Segment, YamlSource } from './source.ts';

type Json = { [key: string]: unknown };
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const obj = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A node, or what its `$ref` names (a reference may name another). */
function follow(root: unknown, node: unknown): unknown {
  for (let hops = 0; hops < 20 && typeof obj(node).$ref === 'string'; hops++) node = atPointer(root, obj(node).$ref as string);
  return node;
}

/** What the description holds at a path, every `$ref` in it resolved. */
function at(source: YamlSource, path: Segment[]): Json {
  let node: unknown = source.value;
  for (const segment of path) node = follow(source.value, Array.isArray(node) ? node[Number(segment)] : obj(node)[segment]);
  return obj(resolveRefs(source.value, node));
}

const escapeSegment = (segment: Segment) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');

/** The JSON pointer of the schema of the object at a path, every `$ref` on the way followed. */
function schemaPointer(source: YamlSource, path: Segment[]): string {
  let node: unknown = source.value;
  let pointer = '';
  for (const segment of path) {
    node = Array.isArray(node) ? node[Number(segment)] : obj(node)[segment];
    pointer += `/${escapeSegment(segment)}`;
    for (let hops = 0; hops < 20 && typeof obj(node).$ref === 'string'; hops++) {
      pointer = (obj(node).$ref as string).slice(1);
      node = atPointer(source.value, obj(node).$ref as string);
    }
  }
  return `${pointer}/schema`;
}

/** The `example` and `examples` of a parameter or media type, each with its place. */
function examplesAt(source: YamlSource, path: Segment[]): ApiExample[] {
  const node = at(source, path);
  const out: ApiExample[] = [];
  if ('example' in node) out.push({ value: node.example, at: [...path, 'example'] });
  for (const [name, raw] of Object.entries(obj(node.examples))) {
    const example = obj(resolveRefs(source.value, raw));
    if ('value' in example) out.push({ name, summary: str(example.summary), value: example.value, at: [...path, 'examples', name] });
  }
  return out;
}

function parameter(source: YamlSource, path: Segment[]): ApiParameter {
  const p = at(source, path);
  return {
    name: String(p.name),
    in: p.in as ApiParameter['in'],
    required: p.required === true,
    description: str(p.description),
    deprecated: p.deprecated === true || undefined,
    schema: obj(p.schema) as JsonSchema,
    schemaAt: schemaPointer(source, path),
    examples: examplesAt(source, path),
  };
}

/** Path-level parameters apply to every operation of the path, unless the operation redefines one. */
function parameters(source: YamlSource, pathKey: string, method: string): ApiParameter[] {
  const own = (at(source, ['paths', pathKey, method]).parameters as unknown[] | undefined)?.map((_p, i) => parameter(source, ['paths', pathKey, method, 'parameters', i])) ?? [];
  const shared = (at(source, ['paths', pathKey]).parameters as unknown[] | undefined)?.map((_p, i) => parameter(source, ['paths', pathKey, 'parameters', i])) ?? [];
  return [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
}

/** The JSON media type of a content map (the first one when none is JSON). */
function jsonMedia(content: Json): string | undefined {
  const types = Object.keys(content);
  return types.find((t) => /[/+]json\b/.test(t)) ?? types[0];
}

function requestBody(source: YamlSource, path: Segment[]): ApiBody | undefined {
  const body = at(source, path);
  const contentType = jsonMedia(obj(body.content));
  if (!contentType) return undefined;
  const media: Segment[] = [...path, 'content', contentType];
  return { required: body.required === true, contentType, description: str(body.description), schema: obj(at(source, media).schema) as JsonSchema, schemaAt: schemaPointer(source, media), examples: examplesAt(source, media) };
}

function responses(source: YamlSource, path: Segment[]): ApiResponse[] {
  return Object.keys(at(source, path)).map((status) => {
    const response = at(source, [...path, status]);
    const contentType = jsonMedia(obj(response.content));
    const media: Segment[] = [...path, status, 'content', contentType ?? ''];
    const schema = contentType ? obj(at(source, media).schema) : undefined;
    const written = schema && Object.keys(schema).length ? schema : undefined;
    return { status, description: str(response.description) ?? '', contentType, schema: written, schemaAt: written && schemaPointer(source, media), examples: contentType ? examplesAt(source, media) : [] };
  });
}

/** A hash of what a page renders from (no positions: an edit elsewhere in the file changes no page). */
export function operationHash(op: Omit<ApiOperation, 'hash'>): string {
  return createHash('sha256').update(JSON.stringify(op)).digest('hex').slice(0, 16);
}

function security(source: YamlSource, op: Json): string[] {
  const list = (op.security ?? obj(source.value).security) as Json[] | undefined;
  return [...new Set((list ?? []).flatMap((requirement) => Object.keys(obj(requirement))))];
}

/** The `apiKey` schemes among those that apply: where a generated sample sends the key. */
function apiKeys(source: YamlSource, names: string[]): NonNullable<ApiOperation['apiKeys']> {
  const schemes = obj(obj(obj(source.value).components).securitySchemes);
  return names
    .map((n) => obj(schemes[n]))
    .filter((s) => s.type === 'apiKey' && typeof s.name === 'string')
    .map((s) => ({ name: String(s.name), in: s.in as 'header' | 'query' | 'cookie', ...(typeof s['x-placeholder'] === 'string' ? { placeholder: s['x-placeholder'] } : {}) }));
}

function operation(source: YamlSource, pathKey: string, method: string): ApiOperation {
  const path: Segment[] = ['paths', pathKey, method];
  const op = at(source, path);
  const built: Omit<ApiOperation, 'hash'> = {
    id: String(op.operationId),
    method: method.toUpperCase(),
    path: pathKey,
    summary: str(op.summary) ?? '',
    description: str(op.description),
    tags: Array.isArray(op.tags) ? op.tags.map(String) : [],
    deprecated: op.deprecated === true,
    security: security(source, op),
    apiKeys: apiKeys(source, security(source, op)),
    permissions: Array.isArray(op['x-permissions']) ? op['x-permissions'].map(String) : [],
    parameters: parameters(source, pathKey, method),
    requestBody: op.requestBody ? requestBody(source, [...path, 'requestBody']) : undefined,
    responses: responses(source, [...path, 'responses']),
    at: path,
  };
  return { ...built, hash: operationHash(built) };
}

/**
 * Every operation of the description by `operationId`, in the order written. An operation
 * without an id cannot be named by a page; two with one id are an error at the second.
 */
export function operationsOf(source: YamlSource): Map<string, ApiOperation> {
  const out = new Map<string, ApiOperation>();
  for (const pathKey of Object.keys(obj(obj(source.value).paths))) {
    const item = obj(obj(obj(source.value).paths)[pathKey]);
    for (const method of Object.keys(item).filter((key) => METHODS.includes(key))) {
      const raw = item[method];
      const id = str(obj(raw).operationId);
      if (!id) throw new OpenApiError(`${method.toUpperCase()} ${pathKey} has no operationId`, { file: source.file, ...source.place(['paths', pathKey, method]) }, 'give every operation an operationId: pages name operations by it');
      const before = out.get(id);
      if (before) throw new OpenApiError(`duplicate operationId "${id}": ${before.method} ${before.path} (line ${source.place(before.at).line}) has it too`, { file: source.file, ...source.place(['paths', pathKey, method, 'operationId']) }, 'every operationId must be unique');
      out.set(id, operation(source, pathKey, method));
    }
  }
  return out;
}
