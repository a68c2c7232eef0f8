import { describe, expect, it } from 'vitest';
import { bodyOf, fieldsOf, parameterField, typeLabel, variantsOf } from '../../../../generator/openapi/view/fields.ts';
import { createToken, getToken } from './operations.ts';

const body = createToken.requestBody!.schema;

describe('schema fields', () => {
  it('lists the properties in order with type, required, allowed values and description; readOnly left out of requests', () => {
    const fields = fieldsOf(body, 'request');
    expect(fields.map((f) => f.name)).toEqual(['type', 'data', 'tags', 'metadata']);
    expect(fields[0]).toMatchObject({ type: 'string', required: true, allowed: ['"card"', '"bank"'], description: 'What `data` holds.' });
    expect(fields[2]).toMatchObject({ type: 'array of string', required: false });
  });

  it('marks nullable types and keeps the nested fields of objects', () => {
    const metadata = fieldsOf(body, 'request')[3];
    expect(metadata).toMatchObject({ type: 'object', nullable: true });
    expect(metadata.children.map((c) => c.name)).toEqual(['note']);
  });

  it('gives oneOf its shapes by title, each with its own fields, nested objects with defaults', () => {
    const data = fieldsOf(body, 'request')[1];
    expect(data.type).toBe('object');
    expect(data.variants.map((v) => v.label)).toEqual(['Card', 'Bank account']);
    const billing = data.variants[0].fields.find((f) => f.name === 'billing')!;
    expect(billing.children[1]).toMatchObject({ name: 'country', default: '"US"', allowed: ['"US"', '"GB"'] });
    expect(data.variants[0].fields[0].constraints).toEqual(['13 to 19 characters']);
  });

  it('leaves writeOnly fields out of responses', () => {
    expect(fieldsOf(createToken.responses[0].schema!, 'response').map((f) => f.name)).toEqual(['id']);
  });

  it('reads parameters with their own description, bounds and default', () => {
    expect(parameterField(getToken.parameters[1])).toMatchObject({ name: 'size', type: 'integer', required: true, default: '20', constraints: ['1 to 100'] });
    expect(parameterField(getToken.parameters[0]).description).toBe('The token id.');
  });

  it('labels formats, arrays, choices and allOf', () => {
    expect(typeLabel({ type: 'string', format: 'date-time' })).toBe('string (date-time)');
    expect(typeLabel({ type: 'object', additionalProperties: { type: 'string' } })).toBe('map of string');
    expect(fieldsOf({ properties: { id: { type: 'string', pattern: '^tok_' } } }, 'request')[0]).toMatchObject({ pattern: '^tok_', constraints: [] });
    expect(typeLabel({ type: 'array', items: { type: 'array', items: { type: 'integer' } } })).toBe('array of array of integer');
    expect(typeLabel({ oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] })).toBe('string | integer');
    expect(fieldsOf({ allOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'integer' } } }] }, 'response').map((f) => [f.name, f.required])).toEqual([['a', true], ['b', false]]);
    expect(variantsOf({ oneOf: [{ type: 'string' }, { type: 'null' }] }, 'request')).toEqual([]);
  });

  it('reads a body that is an array by its items', () => {
    const body = bodyOf({ type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } }, 'response');
    expect({ type: body.type, fields: body.fields.map((f) => f.name) }).toEqual({ type: 'array of object', fields: ['a'] });
  });

  it('stops at a self-referencing schema', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node.properties as Record<string, unknown>).child = node;
    let depth = 0;
    for (let f = fieldsOf(node, 'response'); f.length; f = f[0].children) depth++;
    expect(depth).toBe(9);
  });
});
