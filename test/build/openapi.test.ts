import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, FIXTURES, read } from '../helpers.ts';
import { useBreakableSite } from './break-site.ts';

/**
 * The openapi fixture: the description validated, published and checked against the pages'
 * examples; bad input (issue 18 item 7) stops the build with one message at file:line, exit
 * 1, the previous build/ untouched (break-site.ts checks that for every case).
 */
const fixture = (file: string) => readFileSync(path.join(FIXTURES, 'openapi', file), 'utf8');
const YAML = 'openapi/api.yaml';
const TOKENS = 'content/docs/api/tokens.md';
const breakWith = useBreakableSite('openapi');

/** A fixture file with one edit, checked to apply. */
function edited(file: string, from: string, to: string): string {
  const text = fixture(file);
  expect(text).toContain(from);
  return text.replace(from, to);
}

describe('the openapi fixture builds', () => {
  let site: string;
  let stdout: string;
  beforeAll(async () => {
    site = copyFixture('openapi');
    const res = await docgen(site, ['build']);
    expect(res.code, res.stderr).toBe(0);
    stdout = res.stdout;
  });

  it('publishes the description as /openapi.yaml and /openapi.json', () => {
    expect(read(site, 'build/openapi.yaml')).toBe(fixture(YAML));
    expect(JSON.parse(read(site, 'build/openapi.json')).paths['/tokens/{id}'].get.operationId).toBe('getToken');
  });

  it('says how many examples it checked', () => {
    expect(stdout).toContain('openapi: 5 operations; 4 examples of the pages and 8 of the description checked\n');
  });
});

describe('an edited description', () => {
  it('renders again the page of the changed operation only, and nothing for an edit that changes none', async () => {
    const site = copyFixture('openapi');
    expect((await docgen(site, ['build'])).code).toBe(0);
    writeFileSync(path.join(site, YAML), edited(YAML, 'summary: Create a payment', 'summary: Make a payment'));
    const one = await docgen(site, ['build', '--verbose']);
    expect(one.stderr).toMatch(/; rendered 1 docs;/);
    writeFileSync(path.join(site, YAML), edited(YAML, 'summary: Create a payment', 'summary: Make a payment').replace('tags:\n  - name: Tokens', 'tags:\n  # by page\n  - name: Tokens'));
    const none = await docgen(site, ['build', '--verbose']);
    expect(none.stderr).toMatch(/; rendered 0 docs;/);
    expect(read(site, 'build/openapi.yaml')).toContain('# by page');
  });
});

describe('bad input is one error at file:line, exit 1, build/ untouched', () => {
  it('an unknown operation id, with a did-you-mean', async () => {
    const res = await breakWith(TOKENS, edited(TOKENS, '::operation{id="getToken"}', '::operation{id="getTokens"}'));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`error ${TOKENS}:34:1: no operation "getTokens" in openapi/api.yaml; did you mean "getToken"?\n`);
  });

  it('a page naming an operation removed from the description', async () => {
    const res = await breakWith(YAML, edited(YAML, "    delete:\n      operationId: deleteToken\n      summary: Delete a token\n      tags: [Tokens]\n      x-permissions: [tokens:delete]\n      responses:\n        '204':\n          description: Deleted.\n        '404':\n          $ref: '#/components/responses/NotFound'\n", ''));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`error ${TOKENS}:42:1: no operation "deleteToken" in openapi/api.yaml\n  hint: the operation may have been removed or renamed in openapi/api.yaml: name one it describes\n`);
  });

  it('an operation documented on two pages', async () => {
    const page = 'content/docs/api/payments.md';
    const res = await breakWith(page, `${fixture(page)}\n## Tokens again\n\n::operation{id="getToken"}\n`);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error content\/docs\/api\/(payments|tokens)\.md:\d+:1: operation "getToken" is documented on two pages: here and content\/docs\/api\/(payments|tokens)\.md:\d+\n/m);
  });

  it('invalid YAML, a $ref to nothing, a duplicate operationId, a schema error', async () => {
    const cases: [string, string, RegExp][] = [
      ['      summary: Create a token\n', '      summary: Create a token\n     bad: [x\n', /^error openapi\/api\.yaml:18:1: invalid YAML: /m],
      ["'#/components/schemas/TokenRequest'", "'#/components/schemas/TokenRequets'", /^error openapi\/api\.yaml:26:15: \$ref "#\/components\/schemas\/TokenRequets" points at nothing\n/m],
      ['operationId: listTokens', 'operationId: createToken', /^error openapi\/api\.yaml:51:7: duplicate operationId "createToken"/m],
      ['amount: { type: integer,', 'amount: { type: integr,', /^error openapi\/api\.yaml:127:27: invalid schema at \/paths\/~1payments\/post\/requestBody\/content\/application~1json\/schema\/properties\/amount\/type: must be one of /m],
    ];
    for (const [from, to, message] of cases) {
      const res = await breakWith(YAML, edited(YAML, from, to));
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(message);
      expect(res.stderr).toMatch(/build failed; build\/ left unchanged\n$/);
    }
  }, 120_000);

  it('an example that does not match its schema fails the build at its Markdown line', async () => {
    const res = await breakWith(TOKENS, edited(TOKENS, '"card": { "last4": "1111", "brand": "visa" }', '"card": { "last4": 1111, "brand": "visa" }'));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`${TOKENS}:27:13 error mismatched example: response=createToken:201 /card/last4: must be string\n`);
  });

  it('onExampleMismatch: "warn" lets the build pass with a warning, and --strict fails on it', async () => {
    const page = edited(TOKENS, '"expiration_month": 12, "expiration_year"', '"expiration_month": 13, "expiration_year"');
    const config = 'site.config.ts';
    const warn = edited(config, "  openapi: 'openapi/api.yaml',", "  openapi: 'openapi/api.yaml',\n  onExampleMismatch: 'warn',");
    const site = copyFixture('openapi');
    writeFileSync(path.join(site, config), warn);
    writeFileSync(path.join(site, TOKENS), page);
    // The second build takes the finding from the cache: it is reported all the same.
    for (const run of [1, 2]) {
      const loose = await docgen(site, ['build']);
      expect(loose.code, `build ${run}`).toBe(0);
      expect(loose.stderr).toContain(`${TOKENS}:17:47 warning mismatched example: POST /tokens (createToken) /card/expiration_month: must be <= 12\n`);
    }
    const strict = await docgen(site, ['build', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(`${TOKENS}:17:47 error mismatched example: POST /tokens (createToken)`);
  });
});
