import { describe, expect, it } from 'vitest';
import { operationIds, operationMarkdown, withOperations } from '../../../generator/meta/operations.ts';
import { createToken, getToken } from '../openapi/view/operations.ts';

const ops = new Map([createToken, getToken].map((o) => [o.id, o]));
const BASE = 'https://api.example.com';

describe('operations as Markdown', () => {
  it('writes method, URL, permissions, parameters, body fields nested, and responses with examples', () => {
    const md = operationMarkdown(createToken, ['endpoint', 'permissions', 'request', 'responses'], BASE, 3);
    expect(md).toContain('`POST https://api.example.com/tokens`');
    expect(md).toContain('### Permissions\n\n`token:create`');
    expect(md).toContain('#### Request body\n\nRequired, `application/json`, object.\n');
    expect(md).toContain('#### Header parameters\n\n- `Idempotency-Key` (string (uuid), optional): Makes a retry safe.');
    expect(md).toContain('- `type` (string, required): What `data` holds. Allowed values: `"card"`, `"bank"`.');
    expect(md).toContain('  - One of: Card\n    - `number` (string, required): The card number. See [tokens](/docs/tokens). 13 to 19 characters.');
    expect(md).toContain('- `metadata` (object, optional, nullable)\n  - `note` (string, optional)');
    expect(md).toContain('#### 201 Created\n\nThe token.\n\n- `id` (string, optional)\n\n```json\n{\n  "id": "tok_1"\n}\n```');
    expect(md).not.toContain('secret');
  });

  it('replaces each directive outside fences, with headings below the one above it', () => {
    const raw = '# T\n\n## Get\n\n::operation{id="getToken" show="endpoint"}\n\n### Request\n\n```md\n::operation{id="getToken"}\n```\n\n::operation{id="getToken" show="request"}\n';
    const out = withOperations(raw, ops, BASE);
    expect(out).toBe(
      '# T\n\n## Get\n\n`GET https://api.example.com/tokens/{id}` (deprecated)\n\n### Request\n\n```md\n::operation{id="getToken"}\n```\n\n' +
        '#### Path parameters\n\n- `id` (string, required): The token id.\n\n#### Query parameters\n\n- `size` (integer, required): Default: `20`. 1 to 100.\n',
    );
    expect(operationIds(raw)).toEqual(['getToken']);
  });

  it('uses a part heading the page wrote just above the directive', () => {
    const out = withOperations('## Get\n\n::operation{id="getToken" show="endpoint"}\n\n### Response\n\n::operation{id="getToken" show="responses"}\n', ops, BASE);
    expect(out).toBe('## Get\n\n`GET https://api.example.com/tokens/{id}` (deprecated)\n\n### Response\n\n#### 200 OK\n\nThe token.\n');
  });

  it('reads attributes quoted either way or bare, and indented directives', () => {
    expect(withOperations("  ::operation{id='getToken' show=endpoint}", ops, BASE)).toBe('`GET https://api.example.com/tokens/{id}` (deprecated)');
  });

  it('leaves a directive naming an unknown operation as written', () => {
    expect(withOperations('::operation{id="nope"}', ops, BASE)).toBe('::operation{id="nope"}');
  });
});
