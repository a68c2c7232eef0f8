import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDescription, readDescription } from '../../../generator/openapi/load.ts';
import { YamlSource } from '../../../generator/openapi/source.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/openapi/openapi/api.yaml');
const text = readFileSync(FIXTURE, 'utf8');

describe('loading the description', () => {
  it('builds every operation in the order written', async () => {
    const api = await parseDescription('openapi/api.yaml', text);
    expect([...api.operations.values()].map((op) => `${op.method} ${op.path} ${op.id}`)).toEqual([
      'POST /tokens createToken',
      'GET /tokens listTokens',
      'GET /tokens/{id} getToken',
      'DELETE /tokens/{id} deleteToken',
      'POST /payments createPayment',
    ]);
    expect(api.title).toBe('Fixture API');
    expect(api.yaml).toBe(text);
    expect(JSON.parse(api.json).paths['/tokens'].post.operationId).toBe('createToken');
  });

  it('resolves $ref in place, path-level parameters included, and keeps positions', async () => {
    const api = await parseDescription('openapi/api.yaml', text);
    const op = api.operations.get('getToken')!;
    expect(op.parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual(['path:id:true', 'query:expand:false']);
    expect(op.parameters[0].schema).toEqual({ type: 'string', pattern: '^tok_' });
    expect(op.responses.map((r) => r.status)).toEqual(['200', '404']);
    expect(op.responses[1].schema?.properties).toHaveProperty('error');
    expect(op.permissions).toEqual(['tokens:read']);
    expect(op.security).toEqual(['ApiKey']);
    expect(op.apiKeys).toEqual([{ name: 'VL-API-KEY', in: 'header', placeholder: '<SECRET_KEY>' }]);
    expect(new YamlSource(api.file, api.yaml).place(op.at)).toEqual({ line: text.split('\n').indexOf('    get:', text.split('\n').indexOf('  /tokens/{id}:')) + 1, column: 5 });
    const create = api.operations.get('createToken')!;
    expect(create.requestBody?.schema.properties).toHaveProperty('card.properties.billing_address.properties.country.default', 'US');
    expect(create.responses[0].examples.map((e) => e.name)).toEqual(['card']);
  });

  it('gives an operation the same hash wherever it is written in the file', async () => {
    const a = (await parseDescription('openapi/api.yaml', text)).operations.get('createPayment')!;
    const moved = text.replace('tags:\n  - name: Tokens', 'tags:\n  # a comment that moves every line below\n  - name: Tokens');
    const b = (await parseDescription('openapi/api.yaml', moved)).operations.get('createPayment')!;
    expect(new YamlSource('', moved).place(b.at).line).toBe(new YamlSource('', text).place(a.at).line + 1);
    expect(b.hash).toBe(a.hash);
  });

  it('reads a description parsed before from the cache as it was, and parses a changed one again', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-openapi-'));
    cpSync(FIXTURE, path.join(root, 'api.yaml'));
    const cache = path.join(root, 'cache');
    const first = readDescription(root, 'api.yaml', cache)!;
    const again = readDescription(root, 'api.yaml', cache)!;
    expect(again).toEqual(first);
    expect(again.operations.get('getToken')).not.toBe(first.operations.get('getToken'));
    writeFileSync(path.join(root, 'api.yaml'), text.replace('summary: Get a token', 'summary: Read a token'));
    expect(readDescription(root, 'api.yaml', cache)!.operations.get('getToken')!.summary).toBe('Read a token');
  });
});
