import type { ApiOperation, JsonSchema } from '../../../../generator/openapi/model.ts';

/** A small description's operations, `$ref`s already resolved as the loader gives them. */
const at = ['paths', '/tokens', 'post'];

const address: JsonSchema = {
  type: 'object',
  required: ['line1'],
  properties: { line1: { type: 'string', description: 'Street and number.' }, country: { type: 'string', enum: ['US', 'GB'], default: 'US' } },
};

const card: JsonSchema = {
  type: 'object',
  title: 'Card',
  required: ['number', 'expiration_month'],
  properties: {
    number: { type: 'string', minLength: 13, maxLength: 19, description: 'The card number. See [tokens](/docs/tokens).' },
    expiration_month: { type: 'integer', minimum: 1, maximum: 12 },
    billing: address,
  },
};

const bank: JsonSchema = { type: 'object', title: 'Bank account', required: ['iban'], properties: { iban: { type: 'string' } } };

const error: JsonSchema = { type: 'object', properties: { title: { type: 'string' }, status: { type: 'integer' } } };

export const createToken: ApiOperation = {
  id: 'createToken',
  method: 'POST',
  path: '/tokens',
  summary: 'Create a token',
  tags: ['tokens'],
  deprecated: false,
  security: ['ApiKey'],
  apiKeys: [{ name: 'X-API-KEY', in: 'header' }],
  permissions: ['token:create'],
  parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, description: 'Makes a retry safe.', schema: { type: 'string', format: 'uuid' }, examples: [] }],
  requestBody: {
    required: true,
    contentType: 'application/json',
    schema: {
      type: 'object',
      required: ['type', 'data'],
      properties: {
        id: { type: 'string', readOnly: true },
        type: { type: 'string', enum: ['card', 'bank'], description: 'What `data` holds.' },
        data: { oneOf: [card, bank] },
        tags: { type: 'array', items: { type: 'string' } },
        metadata: { type: ['object', 'null'], properties: { note: { type: 'string' } } },
      },
    },
    examples: [{ value: { type: 'card', data: { number: '4242424242424242', expiration_month: 12 } }, at }],
  },
  responses: [
    { status: '201', description: 'The token.', contentType: 'application/json', schema: { type: 'object', properties: { id: { type: 'string', readOnly: true }, secret: { type: 'string', writeOnly: true } } }, examples: [{ name: 'card', value: { id: 'tok_1' }, at }] },
    { status: '400', description: 'The body is not valid.', contentType: 'application/json', schema: error, examples: [] },
  ],
  at,
  hash: 'h1',
};

export const getToken: ApiOperation = {
  id: 'getToken',
  method: 'GET',
  path: '/tokens/{id}',
  summary: 'Get a token',
  tags: ['tokens'],
  deprecated: true,
  security: ['ApiKey'],
  apiKeys: [{ name: 'X-API-KEY', in: 'header' }],
  permissions: [],
  parameters: [
    { name: 'id', in: 'path', required: true, description: 'The token id.', schema: { type: 'string' }, examples: [{ value: 'tok_1', at }] },
    { name: 'size', in: 'query', required: true, schema: { type: 'integer', default: 20, minimum: 1, maximum: 100 }, examples: [] },
  ],
  responses: [{ status: '200', description: 'The token.', examples: [] }],
  at,
  hash: 'h2',
};
