import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDescription } from '../../../generator/openapi/load.ts';
import { docMayHaveDirective, mayNameOperation, namedOperations, operationsByDoc } from '../../../generator/openapi/usage.ts';
import type { Doc } from '../../../generator/model.ts';
import { fakeDoc, thrown } from '../../helpers.ts';

const api = parseDescription('openapi/api.yaml', readFileSync(path.resolve(import.meta.dirname, '../../fixtures/openapi/openapi/api.yaml'), 'utf8'));
const page = (id: string, body: string): Doc => ({ ...fakeDoc(id), body, bodyLine: 4 });


describe('the operations a doc names', () => {
  it('directives outside code and marked fences, at their lines', () => {
    const body = ['::operation{id="createToken" show="endpoint"}', '', '```md', '::operation{id="inCode"}', '```', '', '  ::operation{show="request" id=\'getToken\'}', '', '```json response=listTokens:200', '{}', '```'].join('\n');
    expect(namedOperations(page('a', body))).toEqual([
      { id: 'createToken', line: 4, column: 1, directive: true },
      { id: 'getToken', line: 10, column: 3, directive: true },
      { id: 'listTokens', line: 12, column: 9, directive: false },
    ]);
  });

  it('a doc naming one only in a fence\'s meta, after other "=" signs, is found', () => {
    const body = ['Set `a=b`, then `x = 1`.', '', '```bash title="x=y"', 'A=1', '```', '', '~~~json response=getToken:200', '{}', '~~~'].join('\n');
    expect(mayNameOperation(body)).toBe(true);
    expect(namedOperations(page('a', body))).toEqual([{ id: 'getToken', line: 10, column: 9, directive: false }]);
    expect(mayNameOperation('```json request=createToken\n{}\n```')).toBe(true);
    expect(mayNameOperation('::operation{id="x"}')).toBe(true);
    expect(mayNameOperation('a = request; b=response\n`request =x`, responses=2, =request')).toBe(false);
  });

  it("searches each doc's text for a directive once, whichever stage asks first", () => {
    let reads = 0;
    const doc = page('a', '::operation{id="createToken"}');
    const body = doc.body;
    Object.defineProperty(doc, 'body', { get: () => (reads++, body) });
    expect(docMayHaveDirective(doc)).toBe(true);
    expect(docMayHaveDirective(doc)).toBe(true);
    expect(reads).toBe(1);
    expect(namedOperations(doc)).toEqual([{ id: 'createToken', line: 4, column: 1, directive: true }]);
    expect(docMayHaveDirective(page('b', 'No API here.'))).toBe(false);
  });

  it('each doc receives the operations of its directives only', () => {
    const docs = [page('a', '::operation{id="createToken" show="endpoint"}\n\n::operation{id="createToken" show="request"}\n\n::operation{id="getToken"}'), page('b', '```json request=createToken\n{}\n```'), page('c', 'No API here.')];
    const byDoc = operationsByDoc(docs, api);
    expect(Object.keys(byDoc.get('a')!)).toEqual(['createToken', 'getToken']);
    expect(byDoc.get('a')!.getToken).toBe(api.operations.get('getToken'));
    expect(byDoc.has('b')).toBe(false);
    expect(byDoc.has('c')).toBe(false);
  });
});

describe('a page that uses the description wrongly is an error at its line', () => {
  it('an unknown id, with a did-you-mean', () => {
    expect(thrown(() => operationsByDoc([page('a', 'Text.\n\n::operation{id="createTokens"}')], api))).toMatchInlineSnapshot(`
      "error content/docs/a.md:6:1: no operation "createTokens" in openapi/api.yaml; did you mean "createToken"?
        hint: operation ids are the description's operationId values"
    `);
    expect(thrown(() => operationsByDoc([page('a', '```json response=refundPayment:200\n{}\n```')], api))).toMatchInlineSnapshot(`
      "error content/docs/a.md:4:9: no operation "refundPayment" in openapi/api.yaml
        hint: the operation may have been removed or renamed in openapi/api.yaml: name one it describes"
    `);
  });

  it('an operation documented on two pages', () => {
    expect(thrown(() => operationsByDoc([page('a', '::operation{id="getToken"}'), page('b', 'Text.\n\n::operation{id="getToken" show="responses"}')], api))).toMatchInlineSnapshot(`
      "error content/docs/b.md:6:1: operation "getToken" is documented on two pages: here and content/docs/a.md:4
        hint: render an operation on one page and link to it from the others"
    `);
  });

  it('an older docs version may document an operation again', () => {
    const older = { ...page('version-1.0/api', '::operation{id="getToken"}'), version: '1.0' };
    expect(operationsByDoc([page('a', '::operation{id="getToken"}'), older], api).get('version-1.0/api')).toHaveProperty('getToken');
  });

  it('an operation named on a site without a description', () => {
    expect(thrown(() => operationsByDoc([page('a', '::operation{id="getToken"}')], undefined))).toMatchInlineSnapshot(`
      "error content/docs/a.md:4:1: operation "getToken" is named, but the site has no OpenAPI description
        hint: set "openapi" in site.config.ts to the description's path"
    `);
  });
});
