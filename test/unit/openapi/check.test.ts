import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../../generator/errors.ts';
import { checkExamples } from '../../../generator/openapi/check.ts';
import { pageExamples } from '../../../generator/openapi/examples.ts';
import { parseDescription } from '../../../generator/openapi/load.ts';
import { fakeDoc } from '../../helpers.ts';

const text = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/openapi/openapi/api.yaml'), 'utf8');
const api = parseDescription('openapi/api.yaml', text);
const BASE = 'https://api.fixture.example/v1';

function page(body: string) {
  return { ...fakeDoc('api/page'), body, bodyLine: 4 };
}

const report = (body: string, description = api) => checkExamples([page(body)], description, BASE).diagnostics.map(formatDiagnostic);

describe('finding the examples of a page', () => {
  it('marked fences and the JSON bodies of cURL commands, at their lines', () => {
    const body = [
      'Intro.',
      '',
      '```json request=createToken',
      '{}',
      '```',
      '',
      '- In a list:',
      '  ```json response=createToken:201',
      '  { "id": "x" }',
      '  ```',
      '',
      '```bash',
      `curl "${BASE}/payments?x=1" \\`,
      '  -X "POST" \\',
      `  -d '{ "amount": 1 }'`,
      `curl ${BASE}/tokens/tok_1 -X DELETE`,
      '```',
      '',
      '```json',
      '{ "unmarked": true }',
      '```',
    ].join('\n');
    expect(pageExamples(page(body), BASE)).toEqual([
      { kind: 'request', operationId: 'createToken', text: '{}', line: 7, column: 1 },
      { kind: 'response', operationId: 'createToken', status: '201', text: '{ "id": "x" }', line: 12, column: 1 },
      { kind: 'request', method: 'POST', path: '/payments', text: '{ "amount": 1 }', line: 18, column: 7 },
    ]);
  });

  it("reads a body with a quote written '\\'' in shell whole", () => {
    const body = ['```bash', `curl ${BASE}/tokens -X POST -d '{"name": "O'\\''Brien"}'`, '```'].join('\n');
    expect(pageExamples(page(body), BASE).map((e) => e.text)).toEqual(['{"name": "O\'Brien"}']);
  });

  it('leaves out cURL commands to other hosts and bodies that are not JSON', () => {
    const body = ['```shell', `curl https://elsewhere.example/tokens -d '{"a": 1}'`, `curl ${BASE}/tokens -d 'a=1'`, '```'].join('\n');
    expect(pageExamples(page(body), BASE)).toEqual([]);
  });
});

describe('checking examples against the schemas', () => {
  it('passes the fixture description and matching examples, and counts them', () => {
    const body = ['```json request=createPayment', '{ "amount": 1, "currency": "EUR", "source": { "type": "card", "token": "tok_1" } }', '```'].join('\n');
    const result = checkExamples([page(body)], api, BASE);
    expect(result.diagnostics).toEqual([]);
    expect(result).toMatchObject({ pages: 1, description: 8 });
  });

  it('reports a mismatch at the line of the value, with the JSON path and the rule', () => {
    const body = ['```json response=createToken:201', '{', '  "id": "tok_1",', '  "type": "card",', '  "created_at": "2026-01-01T00:00:00Z",', '  "card": { "last4": 1111 }', '}', '```'].join('\n');
    expect(report(body)).toMatchInlineSnapshot(`
      [
        "content/docs/api/page.md:9:13 error mismatched example: response=createToken:201 /card/last4: must be string
        hint: make the example match the description, or fix the description if the example is right",
      ]
    `);
  });

  it('checks oneOf, enums, nullable and nested arrays', () => {
    const fence = (json: string) => ['```json request=createPayment', json, '```'].join('\n');
    expect(report(fence('{ "amount": 1, "currency": "EUR", "source": { "type": "bank_account", "token": "tok_1" } }'))).toMatchInlineSnapshot(`
      [
        "content/docs/api/page.md:5:47 error mismatched example: request=createPayment /source/type: must be "card"
        hint: make the example match the description, or fix the description if the example is right",
      ]
    `);
    expect(report(fence('{ "amount": 1, "currency": "YEN", "source": { "type": "card", "token": "t" } }'))).toMatchInlineSnapshot(`
      [
        "content/docs/api/page.md:5:16 error mismatched example: request=createPayment /currency: must be one of "EUR", "USD", "GBP"
        hint: make the example match the description, or fix the description if the example is right",
      ]
    `);
    expect(report(['```json response=listTokens:200', '{ "data": [{ "id": "a", "type": "card", "created_at": "x", "metadata": null }], "next": 3 }', '```'].join('\n'))).toMatchInlineSnapshot(`
      [
        "content/docs/api/page.md:5:41 error mismatched example: response=listTokens:200 /data/0/created_at: must match format "date-time"
        hint: make the example match the description, or fix the description if the example is right",
      ]
    `);
  });

  it('a cURL body, a status the operation does not have, a body that is not JSON', () => {
    expect(report(['```bash', `curl ${BASE}/tokens -X POST -d '{"card": {"number": 4111}}'`, '```'].join('\n'))).toMatchInlineSnapshot(`
      [
        "content/docs/api/page.md:5:66 error mismatched example: POST /tokens (createToken) /card/number: must be string
        hint: make the example match the description, or fix the description if the example is right",
      ]
    `);
    expect(report(['```json response=deleteToken:200', '{}', '```'].join('\n'))).toMatchInlineSnapshot(`
      [
        "content/docs/api/page.md:5:1 error mismatched example: response=deleteToken:200: deleteToken has no 200 response (it has 204, 404)
        hint: make the example match the description, or fix the description if the example is right",
      ]
    `);
    expect(report(['```json request=createToken', '{ card: 1 }', '```'].join('\n'))).toMatchInlineSnapshot(`
      [
        "content/docs/api/page.md:5:1 error mismatched example: request=createToken: not JSON (Expected property name or '}' in JSON at position 2)
        hint: make the example match the description, or fix the description if the example is right",
      ]
    `);
  });

  it("leaves out older docs versions' examples: the description is the latest release's", () => {
    const body = ['```json request=createToken', '{ "card": 1 }', '```'].join('\n');
    expect(checkExamples([{ ...page(body), version: '1.0' }], api, BASE)).toMatchObject({ diagnostics: [], pages: 0 });
    expect(checkExamples([page(body)], api, BASE).diagnostics).toHaveLength(1);
  });

  it('reports an example of the description at its line in the YAML', () => {
    const broken = parseDescription('openapi/api.yaml', text.replace("card: { last4: '1111', brand: visa }", "card: { last4: '1111', brand: visaa }"));
    expect(report('', broken)).toMatchInlineSnapshot(`
      [
        "openapi/api.yaml:40:17 error mismatched example: createToken 201 response example "card" /card/brand: must be one of "visa", "mastercard", "amex"
        hint: make the example match the description, or fix the description if the example is right",
      ]
    `);
  });
});

describe('schemas checked where the description writes them', () => {
  const recursive = `openapi: 3.1.0
info: { title: Tree, version: '1' }
paths:
  /nodes:
    post:
      operationId: createNode
      requestBody:
        $ref: '#/components/requestBodies/Node'
      responses:
        '201': { description: Created }
components:
  requestBodies:
    Node:
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Node' }
  schemas:
    Node:
      type: object
      properties:
        name: { type: string }
        children: { type: array, items: { $ref: '#/components/schemas/Node' } }
`;

  it('checks an example against a recursive schema reached through a $ref, to any depth', () => {
    const tree = parseDescription('openapi/tree.yaml', recursive);
    expect(tree.operations.get('createNode')!.requestBody!.schemaAt).toBe('/components/requestBodies/Node/content/application~1json/schema');
    const body = (json: string) => ['```json request=createNode', json, '```'].join('\n');
    expect(checkExamples([page(body('{ "name": "a", "children": [{ "name": "b", "children": [] }] }'))], tree, BASE)).toMatchObject({ pages: 1, diagnostics: [] });
    const wrong = checkExamples([page(body('{ "name": "a", "children": [{ "name": "b", "children": [{ "name": 3 }] }] }'))], tree, BASE);
    expect(wrong.diagnostics.map((d) => d.message)).toEqual(['request=createNode /children/0/children/0/name: must be string']);
  });
});
