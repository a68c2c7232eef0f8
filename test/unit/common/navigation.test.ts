import { describe, expect, it } from 'vitest';
import { breadcrumbsFor, containsRoute, pruneSidebar } from '../../../common/navigation.ts';
import type { SidebarNode } from '../../../common/page.ts';

const doc = (id: string): SidebarNode => ({ type: 'doc', id, label: id, href: `/docs/${id}`, badges: [] });
const category = (label: string, items: SidebarNode[], docId?: string): SidebarNode => ({
  type: 'category',
  label,
  items,
  collapsed: true,
  badges: [],
  ...(docId ? { docId, href: `/docs/${docId}` } : {}),
});

const SIDEBAR: SidebarNode[] = [
  doc('intro'),
  category('Guides', [doc('a'), category('Deep', [doc('b'), doc('intro')], 'deep')], 'guides'),
  category('No page', [doc('c')]),
];

describe('sidebar lookups', () => {
  it('trail a doc by the first place it is listed, its category page by the categories above it', () => {
    expect(breadcrumbsFor(SIDEBAR, 'intro')).toEqual([]);
    expect(breadcrumbsFor(SIDEBAR, 'b')).toEqual([
      { label: 'Guides', href: '/docs/guides' },
      { label: 'Deep', href: '/docs/deep' },
    ]);
    expect(breadcrumbsFor(SIDEBAR, 'deep')).toEqual([{ label: 'Guides', href: '/docs/guides' }]);
    expect(breadcrumbsFor(SIDEBAR, 'c')).toEqual([{ label: 'No page', href: undefined }]);
    expect(breadcrumbsFor(SIDEBAR, 'missing')).toBeNull();
  });

  it('find a route under a category at any depth, its own page included', () => {
    const [, guides, noPage] = SIDEBAR;
    expect(['/docs/guides', '/docs/a', '/docs/deep', '/docs/b'].every((r) => containsRoute(guides, r))).toBe(true);
    expect(containsRoute(guides, '/docs/c')).toBe(false);
    expect(containsRoute(noPage, '/docs/c')).toBe(true);
  });

  it('prune every closed category off the open path, whichever page asks first', () => {
    const forB = pruneSidebar(SIDEBAR, '/docs/b');
    const forC = pruneSidebar(SIDEBAR, '/docs/c');
    const items = (nodes: SidebarNode[], i: number) => (nodes[i] as Extract<SidebarNode, { type: 'category' }>).items;
    expect(items(forB, 1)).toHaveLength(2);
    expect(items(forC, 1)).toEqual([]);
    expect(items(forC, 2)).toHaveLength(1);
  });

  it('still find every route of a category in its copy pruned for one page (a page renders its sidebar from such copies)', () => {
    const [, guides] = pruneSidebar(SIDEBAR, '/docs/c');
    expect(guides.type === 'category' && guides.items).toEqual([]);
    expect(['/docs/guides', '/docs/a', '/docs/deep', '/docs/b'].every((r) => containsRoute(guides, r))).toBe(true);
    expect(containsRoute(guides, '/docs/c')).toBe(false);
  });
});
