import { describe, expect, it } from 'vitest';
import { candidates, parseRequestPath } from '../../../generator/serve/paths.ts';

describe('request paths', () => {
  it('decodes each segment and keeps the query and a trailing slash', () => {
    expect(parseRequestPath('/docs/caf%C3%A9/?q=a%20b')).toEqual({ pathname: '/docs/café/', rel: 'docs/café/', query: 'q=a%20b' });
    expect(parseRequestPath('/')).toEqual({ pathname: '/', rel: '', query: '' });
  });

  it('refuses dot segments, raw or encoded, and encoded separators and NUL bytes', () => {
    for (const bad of ['/../etc/passwd', '/docs/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/%2E%2e/x', '/docs/.%2e/x', '/a%2f..%2f..%2fetc', '/a%5c..%5cx', '/docs/a%00', '/a\\..\\x', '/%zz']) {
      expect(parseRequestPath(bad), bad).toBeNull();
    }
  });

  it('keeps absolute paths and absolute-form targets inside the site', () => {
    expect(parseRequestPath('//etc/passwd')?.rel).toBe('etc/passwd');
    expect(parseRequestPath('http://evil.example/docs/?x=1')).toEqual({ pathname: '/docs/', rel: 'docs/', query: 'x=1' });
    expect(parseRequestPath('*')).toBeNull();
    expect(parseRequestPath('etc/passwd')).toBeNull();
  });

  it('tries the file, then its folder index, as a static host does', () => {
    expect(candidates('')).toEqual(['index.html']);
    expect(candidates('docs/a')).toEqual(['docs/a', 'docs/a/index.html']);
    expect(candidates('docs/a/')).toEqual(['docs/a/index.html']);
  });
});
