import { describe, expect, it } from 'vitest';
import { docRoute, groupOf, normalizeRoute } from '../../../generator/content/routes.ts';

describe('routes of docs', () => {
  it('gives index files their folder with a trailing slash', () => {
    expect(docRoute('index', '/docs')).toBe('/docs/');
    expect(docRoute('api/index', '/docs')).toBe('/docs/api/');
    expect(docRoute('api/tokens/index', '/docs')).toBe('/docs/api/tokens/');
  });
  it('gives other files no trailing slash', () => {
    expect(docRoute('api/errors', '/docs')).toBe('/docs/api/errors');
  });
  it('honours absolute and relative slugs', () => {
    expect(docRoute('a/b', '/docs', '/elsewhere')).toBe('/docs/elsewhere');
    expect(docRoute('a/b', '/docs', 'renamed')).toBe('/docs/a/renamed');
  });
  it('serves docs under the configured route base', () => {
    expect(docRoute('index', '/handbook')).toBe('/handbook/');
    expect(docRoute('guides/start', '/handbook')).toBe('/handbook/guides/start');
    expect(docRoute('a/b', '/handbook', '/elsewhere')).toBe('/handbook/elsewhere');
  });
  it('puts docs in the sidebar of the longest folder that holds them', () => {
    const sidebars = { main: { dir: '' }, api: { dir: 'api' }, sdk: { dir: 'sdks' }, listed: { items: [] } };
    expect(groupOf('api/tokens/index', sidebars)).toBe('api');
    expect(groupOf('sdks/web/react/index', sidebars)).toBe('sdk');
    expect(groupOf('guides/cards/index', sidebars)).toBe('main');
    expect(groupOf('apis-are-fun', sidebars)).toBe('main');
    expect(groupOf('api/', sidebars)).toBe('api');
    expect(groupOf('guides/x', { api: { dir: 'api' } })).toBeNull();
  });
  it('normalises trailing slashes', () => {
    expect(normalizeRoute('/docs/api/')).toBe('/docs/api');
    expect(normalizeRoute('/')).toBe('/');
  });
});
