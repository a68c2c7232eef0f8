import { describe, expect, it } from 'vitest';
import type { Redirect } from '../../../generator/model.ts';
import { fakeDoc as doc } from '../../helpers.ts';
import { checkRedirects } from '../../../generator/redirects/validate.ts';
import { buildRoutes } from '../../../generator/routes/index.ts';

function check(list: Redirect[]) {
  const content = { docs: [doc('index'), doc('api/index'), doc('api/tokens')], pages: [], navbar: [], categories: [], sidebars: {}, displayedSidebars: {}, assets: new Map(), staticFiles: [] };
  return checkRedirects(list, buildRoutes(content, list));
}

describe('redirect checks', () => {
  it('keeps redirects to pages, spelt as the page is served, with their query and anchor', () => {
    const list = [
      { from: '/old', to: '/docs/api', line: 2 },
      { from: '/older/', to: '/docs/api/tokens#create', line: 3 },
      { from: '/oldest', to: '/docs/api/tokens/?v=1#create', line: 4 },
    ];
    expect(check(list)).toEqual({
      redirects: [
        { from: '/old', to: '/docs/api/', line: 2 },
        { from: '/older/', to: '/docs/api/tokens#create', line: 3 },
        { from: '/oldest', to: '/docs/api/tokens?v=1#create', line: 4 },
      ],
      diagnostics: [],
    });
  });

  it('collapses a chain with a warning and rejects loops, conflicts and missing targets', () => {
    const { redirects, diagnostics } = check([
      { from: '/a', to: '/b', line: 2 },
      { from: '/b', to: '/docs/api/', line: 3 },
      { from: '/x', to: '/y', line: 4 },
      { from: '/y', to: '/x', line: 5 },
      { from: '/docs/api/tokens', to: '/docs/', line: 6 },
      { from: '/gone', to: '/docs/api/tokenz', line: 7 },
    ]);
    expect(redirects.map((r) => `${r.from}>${r.to}`)).toEqual(['/a>/docs/api/', '/b>/docs/api/']);
    expect(diagnostics.map((d) => [d.severity, d.kind, d.location.line, d.message])).toEqual([
      ['warning', 'redirect chain', 2, '/a → /b → /docs/api/ collapsed to /a → /docs/api/'],
      ['error', 'redirect loop', 4, '/x → /y → /x never reaches a page'],
      ['error', 'redirect loop', 5, '/y → /x → /y never reaches a page'],
      ['error', 'redirect conflict', 6, '/docs/api/tokens is a page of the site'],
      ['error', 'broken redirect', 7, '/gone → /docs/api/tokenz: no such page; did you mean /docs/api/tokens?'],
    ]);
  });

  it('rejects a second entry for the same path', () => {
    const { redirects, diagnostics } = check([
      { from: '/a', to: '/docs/', line: 2 },
      { from: '/a/', to: '/docs/api/', line: 3 },
    ]);
    expect(redirects).toEqual([{ from: '/a', to: '/docs/', line: 2 }]);
    expect(diagnostics.map((d) => [d.kind, d.location.line, d.message])).toEqual([['redirect conflict', 3, '/a/ is already redirected to /docs/ (line 2)']]);
  });

  it('rejects a redirect from a file of a page (its .html forms)', () => {
    const { diagnostics } = check([
      { from: '/docs/api/tokens.html', to: '/docs/', line: 2 },
      { from: '/docs/api/index.html', to: '/docs/', line: 3 },
      { from: '/docs/index.html', to: '/docs/api/', line: 4 },
    ]);
    expect(diagnostics.map((d) => [d.kind, d.location.line])).toEqual([
      ['redirect conflict', 2],
      ['redirect conflict', 3],
      ['redirect conflict', 4],
    ]);
  });
});
