import { describe, expect, it } from 'vitest';
import type { PageSource } from '../../../generator/model.ts';
import { buildRoutes, firstPerRoute } from '../../../generator/routes/index.ts';
import { fakeDoc as doc } from '../../helpers.ts';

const page = (source: string, route: string) => ({ source, route, component: () => null, meta: {} }) as unknown as PageSource;

describe('one winner per route', () => {
  it('keeps the first source of each route (pages, then docs in order) and lists the others', () => {
    const docs = [doc('a'), { ...doc('b'), route: '/docs/a/' }, doc('c'), { ...doc('d'), route: '/' }];
    const kept = firstPerRoute([page('content/pages/index.tsx', '/'), page('content/pages/index/index.tsx', '/')], docs);
    expect(kept.pages.map((p) => p.source)).toEqual(['content/pages/index.tsx']);
    expect(kept.docs.map((d) => d.id)).toEqual(['a', 'c']);
    expect(kept.duplicates).toEqual([
      { route: '/', source: 'content/pages/index/index.tsx', kind: 'page' },
      { route: '/docs/a/', source: 'content/docs/b.md', kind: 'doc' },
      { route: '/', source: 'content/docs/d.md', kind: 'doc' },
    ]);
  });

  it('has the routes stage report the left-out sources against the winner in its table', () => {
    const kept = firstPerRoute([], [doc('a'), { ...doc('b'), route: '/docs/a' }]);
    const table = buildRoutes({ docs: kept.docs, pages: kept.pages, duplicates: kept.duplicates, navbar: [], categories: [], sidebars: {}, displayedSidebars: {}, assets: new Map(), staticFiles: [] }, []);
    expect(table.routes.get('/docs/a')?.source).toBe('content/docs/a.md');
    expect(table.diagnostics.map((d) => [d.location.file, d.message])).toEqual([
      ['content/docs/b.md', '/docs/a is produced by both content/docs/a.md and content/docs/b.md; the first one wins'],
    ]);
  });
});
