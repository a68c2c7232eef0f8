import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExamples as checkWithAjv } from '../../../generator/openapi/check.ts';
import { checkExamples } from '../../../generator/openapi/index.ts';
import { parseDescription } from '../../../generator/openapi/load.ts';
import { fakeDoc } from '../../helpers.ts';

const api = parseDescription('openapi/api.yaml', readFileSync(path.resolve(import.meta.dirname, '../../fixtures/openapi/openapi/api.yaml'), 'utf8'));
const BASE = 'https://api.fixture.example/v1';
const docs = [{ ...fakeDoc('api/page'), body: ['```json request=createToken', '{ "name": 1 }', '```'].join('\n'), bodyLine: 4 }];

describe('the example check, as the build runs it', () => {
  it('finds nothing to check on a site without a description', async () => {
    expect(await checkExamples(docs, undefined, BASE)).toEqual({ diagnostics: [], pages: 0, description: 0 });
  });

  it("with a description, reports what the check with Ajv reports", async () => {
    const found = await checkExamples(docs, api, BASE);
    expect(found.pages).toBe(1);
    expect(found.diagnostics).toHaveLength(1);
    expect(found.diagnostics[0].location).toMatchObject({ file: docs[0].source, line: 5 });
    expect(found).toEqual(checkWithAjv(docs, api, BASE));
  });
});
