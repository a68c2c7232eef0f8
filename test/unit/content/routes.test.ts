import { describe, expect, it } from 'vitest';
import { docRoute, groupOf, normalizeRoute } from '../../../generator/content/routes.ts';

describe('routes of docs', () => {
  it('gives index files their folder with a trailing slash', () => {
    expect(docRoute('index')).toBe('/docs/');
    expect(docRoute('api/index')).toBe('/docs/api/');
    expect(docRoute('api/tokens/index')).toBe('/docs/api/tokens/');
  });
  it('gives other files no trailing slash', () => {
    expect(docRoute('api/errors')).toBe('/docs/api/errors');
  });
  it('honours absolute and relative slugs', () => {
    expect(docRoute('a/b', '/elsewhere')).toBe('/docs/elsewhere');
    expect(docRoute('a/b', 'renamed')).toBe('/docs/a/renamed');
  });
  it('puts docs in the api, sdk or docs sidebar by folder', () => {
    expect(groupOf('api/tokens/index')).toBe('api');
    expect(groupOf('sdks/web/react/index')).toBe('sdk');
    expect(groupOf('guides/cards/index')).toBe('docs');
    expect(groupOf('apis-are-fun')).toBe('docs');
  });
  it('normalises trailing slashes', () => {
    expect(normalizeRoute('/docs/api/')).toBe('/docs/api');
    expect(normalizeRoute('/')).toBe('/');
  });
});
