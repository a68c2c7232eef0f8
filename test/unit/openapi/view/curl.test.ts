import { describe, expect, it } from 'vitest';
import { curlSample, curlTarget, matchesTemplate, sampleOf } from '../../../../generator/openapi/view/curl.ts';
import { createToken, getToken } from './operations.ts';

describe('generated cURL samples', () => {
  it('posts the first example of the body with the API key header', () => {
    expect(curlSample(createToken, 'https://api.example.com')).toBe(
      [
        'curl -X POST "https://api.example.com/tokens"',
        '-H "X-API-KEY: <API_KEY>"',
        '-H "Content-Type: application/json"',
        `-d '${JSON.stringify(createToken.requestBody!.examples[0].value, null, 2)}'`,
      ].join(' \\\n  '),
    );
  });

  it("writes the key as its scheme's placeholder when it names one", () => {
    const named = { ...createToken, apiKeys: [{ name: 'X-API-KEY', in: 'header' as const, placeholder: '<PRIVATE_KEY>' }] };
    expect(curlSample(named, 'https://api.example.com').split('\n')[1]).toBe('  -H "X-API-KEY: <PRIVATE_KEY>" \\');
  });

  it('fills path parameters from their examples and required query parameters from their defaults', () => {
    expect(curlSample(getToken, 'https://api.example.com').split('\n')[0]).toBe('curl "https://api.example.com/tokens/tok_1?size=20" \\');
  });

  it('makes a value from the schema when there is no example', () => {
    expect(sampleOf(createToken.requestBody!.schema)).toEqual({ type: 'card', data: { number: 'string', expiration_month: 1 } });
    expect(sampleOf({ type: 'string', format: 'date-time' })).toBe('2025-01-01T00:00:00Z');
  });

  it('reads the method and path of a written cURL command', () => {
    expect(curlTarget('curl "https://api.example.com/tokens/abc?x=1" \\\n  -H "A: b"', 'https://api.example.com')).toEqual({ method: 'GET', path: '/tokens/abc' });
    expect(curlTarget("curl https://api.example.com/tokens -d '{}'", 'https://api.example.com')).toEqual({ method: 'POST', path: '/tokens' });
    expect(curlTarget('curl --request DELETE "https://api.example.com/tokens/1"', 'https://api.example.com')).toEqual({ method: 'DELETE', path: '/tokens/1' });
    expect(curlTarget('echo hi', 'https://api.example.com')).toBeUndefined();
  });

  it('matches concrete paths against templates', () => {
    expect(matchesTemplate('/tokens/abc', '/tokens/{id}')).toBe(true);
    expect(matchesTemplate('/tokens/abc/usage', '/tokens/{id}')).toBe(false);
    expect(matchesTemplate('/tokens', '/tokens/{id}')).toBe(false);
  });
});
