import { describe, expect, it } from 'vitest';
import { errorChain } from '../../../theme/components/ErrorBoundary/index.tsx';
import { chunkPathFor } from '../../../common/chunks.ts';
import { cleanAddress, isPagePath, routeOf } from '../../../theme/runtime/paths.ts';

describe('route chunks', () => {
  it('derives a chunk path from the route alone', () => {
    expect(chunkPathFor('/')).toBe('_chunks/index.json');
    expect(chunkPathFor('/docs/api/')).toBe('_chunks/docs/api/index.json');
    expect(chunkPathFor('/docs/api/tokens')).toBe('_chunks/docs/api/tokens.json');
  });

  it('maps pathnames under the base URL to routes, .html forms included', () => {
    expect(routeOf('/docs/api/tokens', '/')).toBe('/docs/api/tokens');
    expect(routeOf('/docs/api/tokens.html', '/')).toBe('/docs/api/tokens');
    expect(routeOf('/docs/api/index.html', '/')).toBe('/docs/api/');
    expect(routeOf('/base/docs/', '/base/')).toBe('/docs/');
    expect(routeOf('/elsewhere/docs/', '/base/')).toBeNull();
  });

  it('tells pages from files', () => {
    expect(isPagePath('/docs/api/')).toBe(true);
    expect(isPagePath('/docs/api/tokens')).toBe(true);
    expect(isPagePath('/docs/api/tokens.html')).toBe(true);
    expect(isPagePath('/docs/api/tokens.md')).toBe(false);
    expect(isPagePath('/sitemap.xml')).toBe(false);
  });
});

describe('the address of a page opened through an .html form', () => {
  it('is its clean URL, as the page is served', () => {
    expect(cleanAddress('/docs/api/tokens.html', '/docs/api/tokens/', '/')).toBe('/docs/api/tokens/');
    expect(cleanAddress('/docs/api/tokens/index.html', '/docs/api/tokens/', '/')).toBe('/docs/api/tokens/');
    expect(cleanAddress('/docs/api/errors.html', '/docs/api/errors', '/')).toBe('/docs/api/errors');
    expect(cleanAddress('/index.html', '/', '/')).toBe('/');
    expect(cleanAddress('/base/docs/index.html', '/docs/', '/base/')).toBe('/base/docs/');
  });

  it('is left alone when clean already, or when another page answered it (a host\'s 404 page)', () => {
    expect(cleanAddress('/docs/api/tokens', '/docs/api/tokens', '/')).toBeNull();
    expect(cleanAddress('/docs/nowhere.html', '/404', '/')).toBeNull();
  });
});

describe('crash screens', () => {
  it('print the error and each of its causes', () => {
    const error = new Error('rendering failed', { cause: new TypeError('toc.map is not a function') });
    expect(errorChain(error)).toBe('rendering failed\n\nCause:\ntoc.map is not a function');
    expect(errorChain('plain')).toBe('plain');
  });
});
