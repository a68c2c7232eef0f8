import { describe, expect, it } from 'vitest';
import { unsafePathProblem } from '../../../generator/routes/safe.ts';

describe('unsafePathProblem', () => {
  it('accepts the routes and slugs of a site', () => {
    for (const p of ['/', '/docs/', '/docs/api/tokens', '/docs/api/tokens/', 'renamed', '/elsewhere', 'a/b', '/docs/caf%C3%A9', '/docs/a%20b', '/concepts/:slug', '/docs/v1.2/x', '/docs/...x']) {
      expect(unsafePathProblem(p), p).toBeUndefined();
    }
  });

  it('refuses dot segments, as written', () => {
    expect(unsafePathProblem('../../../README')).toBe('has a ".." segment');
    expect(unsafePathProblem('..')).toBe('has a ".." segment');
    expect(unsafePathProblem('/docs/guide/..')).toBe('has a ".." segment');
    expect(unsafePathProblem('/docs/./x')).toBe('has a "." segment');
  });

  it('refuses other hosts, schemes, backslashes and empty segments', () => {
    expect(unsafePathProblem('//evil.example/x')).toBe('starts with "//" (another host)');
    expect(unsafePathProblem('https://evil.example')).toBe('names a URL scheme');
    expect(unsafePathProblem('javascript:alert(1)')).toBe('names a URL scheme');
    expect(unsafePathProblem('..\\..\\x')).toBe('holds a backslash');
    expect(unsafePathProblem('/docs/a//b')).toBe('has an empty segment ("//")');
  });

  it('refuses control characters, NUL included', () => {
    expect(unsafePathProblem('/docs/a\0b')).toBe('holds a control character');
    expect(unsafePathProblem('/docs/a\nb')).toBe('holds a control character');
  });

  it('sees through percent-escapes, doubled ones too', () => {
    expect(unsafePathProblem('%2e%2e/%2E%2E/x')).toBe('has a ".." segment once its %-escapes are decoded');
    expect(unsafePathProblem('/docs/%252e%252e/x')).toBe('has a ".." segment once its %-escapes are decoded');
    expect(unsafePathProblem('/docs/..%2fx')).toBe('percent-encodes a "/"');
    expect(unsafePathProblem('/docs/a%5cb')).toBe('holds a backslash once its %-escapes are decoded');
    expect(unsafePathProblem('/docs/a%00b')).toBe('holds a control character once its %-escapes are decoded');
    expect(unsafePathProblem('/%2F%2Fevil.example')).toBe('percent-encodes a "/"');
  });
});
