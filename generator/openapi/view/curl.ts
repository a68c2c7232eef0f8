import type { ApiOperation, JsonSchema } from '../model.ts';

/** Past this depth a generated value stops (a self-referencing schema would never end). */
const MAX_DEPTH = 6;

const BY_FORMAT: Record<string, string> = {
  'date-time': '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  uuid: '00000000-0000-0000-0000-000000000000',
  email: 'user@example.com',
  uri: 'https://example.com',
};

/** A value the schema accepts, for a generated request: its example, default or first allowed value, else one of its type. */
export function sampleOf(schema: JsonSchema, depth = 0): unknown {
  if (schema.examples && Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  for (const k of ['example', 'default', 'const']) if (schema[k] !== undefined) return schema[k];
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  const choice = ((schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined)?.find((c) => c.type !== 'null');
  if (choice) return sampleOf(choice, depth);
  const all = schema.allOf as JsonSchema[] | undefined;
  if (all) return Object.assign({}, ...all.map((s) => sampleOf(s, depth)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type ?? (schema.properties ? 'object' : undefined);
  if (type === 'object' && depth < MAX_DEPTH) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const props = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).filter(([name, p]) => required.has(name) && p.readOnly !== true);
    return Object.fromEntries(props.map(([name, p]) => [name, sampleOf(p, depth + 1)]));
  }
  if (type === 'array') return depth < MAX_DEPTH && schema.items ? [sampleOf(schema.items as JsonSchema, depth + 1)] : [];
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return true;
  return typeof schema.format === 'string' && BY_FORMAT[schema.format] ? BY_FORMAT[schema.format] : 'string';
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function paramValue(op: ApiOperation, name: string, where: 'path' | 'query'): string | undefined {
  const p = op.parameters.find((q) => q.in === where && q.name === name);
  if (!p) return undefined;
  const v = p.examples[0]?.value ?? sampleOf(p.schema);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The placeholder written for an API key in a generated sample, unless its scheme names one. */
export const KEY_PLACEHOLDER = '<API_KEY>';

/**
 * A cURL command for the operation: its path parameters filled, its required query parameters,
 * its API key headers, and the first example of its JSON body (or a value made from the schema).
 */
export function curlSample(op: ApiOperation, apiBaseUrl: string): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (all, name: string) => encodeURIComponent(paramValue(op, name, 'path') ?? all));
  const query = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(paramValue(op, p.name, 'query') ?? '')}`);
  const url = `${apiBaseUrl}${path}${query.length ? `?${query.join('&')}` : ''}`;
  const lines = [`curl ${op.method === 'GET' ? '' : `-X ${op.method} `}"${url}"`];
  for (const key of op.apiKeys ?? []) if (key.in === 'header') lines.push(`-H "${key.name}: ${key.placeholder ?? KEY_PLACEHOLDER}"`);
  for (const p of op.parameters) if (p.in === 'header' && p.required) lines.push(`-H "${p.name}: ${paramValue(op, p.name, 'query') ?? ''}"`);
  const body = op.requestBody;
  if (body && /json/.test(body.contentType)) {
    const value = body.examples[0]?.value ?? sampleOf(body.schema);
    lines.push(`-H "Content-Type: ${body.contentType}"`, `-d ${shellQuote(JSON.stringify(value, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}

const CURL_URL = /\bcurl\b[\s\S]*?["']?(https?:\/\/[^\s"'?]+)/;
const CURL_METHOD = /(?:-X|--request)\s+["']?([A-Za-z]+)/;

/** The method and URL path of a cURL command in a shell code block (none when it is not one). */
export function curlTarget(code: string, apiBaseUrl: string): { method: string; path: string } | undefined {
  const url = CURL_URL.exec(code)?.[1];
  if (!url) return undefined;
  const explicit = CURL_METHOD.exec(code)?.[1];
  const method = (explicit ?? (/\s(?:-d|--data(?:-raw|-binary)?|-F|--form)\b/.test(code) ? 'POST' : 'GET')).toUpperCase();
  const base = apiBaseUrl.replace(/\/$/, '');
  const path = url.startsWith(base) ? url.slice(base.length) || '/' : new URL(url).pathname;
  return { method, path };
}

/** Whether a concrete path (`/tokens/abc`) is an instance of a template (`/tokens/{id}`). */
export function matchesTemplate(path: string, template: string): boolean {
  const source = template
    .split(/\{[^}]+\}/)
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}/?$`).test(path);
}
