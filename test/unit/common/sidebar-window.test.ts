import { describe, expect, it } from 'vitest';
import { pruneSidebar } from '../../../common/navigation.ts';
import type { SidebarNode } from '../../../common/page.ts';
import { isWindowed, windowSidebar } from '../../../common/sidebar-window.ts';

const doc = (id: string): SidebarNode => ({ type: 'doc', id, label: id, href: `/docs/${id}`, badges: [] });
const category = (dir: string, items: SidebarNode[], listed = true): SidebarNode => ({ type: 'category', label: dir, href: `/docs/${dir}/`, docId: `${dir}/index`, collapsed: true, badges: [], items, ...(listed ? { listed: true as const } : {}) });
/** 30 top-level sections of 30 folders of 2 docs: the shape of the bench corpus at ten thousand pages. */
const site = Array.from({ length: 30 }, (_, i) =>
  category(`s${i}`, Array.from({ length: 30 }, (_, j) => category(`s${i}/f${j}`, Array.from({ length: 2 }, (_, k) => doc(`s${i}/f${j}/d${k}`))))),
);
const FILE = '/_chunks/_sidebars/docs.json';
const page = (route: string) => windowSidebar(pruneSidebar(site, route), route, FILE);
const labels = (nodes: SidebarNode[]) => nodes.map((n) => (n.type === 'more' ? `+${n.count}` : n.type === 'category' ? n.label : n.type === 'doc' ? n.id : n.type));

describe('a long sidebar list on one page', () => {
  it('shows the items around the open one and stands the rest for `more` entries', () => {
    const top = page('/docs/s14/f3/d1');
    expect(labels(top)).toEqual(['+9', ...Array.from({ length: 11 }, (_, i) => `s${9 + i}`), '+10']);
    // The top level's entries name the file every page shares, and the nearest section left out.
    expect(top[0]).toEqual({ type: 'more', count: 9, href: '/docs/s8/', file: FILE });
    expect(top.at(-1)).toEqual({ type: 'more', count: 10, href: '/docs/s20/', file: FILE });
    const open = top.find((n) => n.type === 'category' && n.label === 's14') as Extract<SidebarNode, { type: 'category' }>;
    expect(labels(open.items)).toEqual([...Array.from({ length: 11 }, (_, j) => `s14/f${j}`), '+19']);
    // A category's own page lists every item: its `more` entry leads there.
    expect(open.items.at(-1)).toEqual({ type: 'more', count: 19, href: '/docs/s14/' });
    const leaf = open.items.find((n) => n.type === 'category' && n.label === 's14/f3') as Extract<SidebarNode, { type: 'category' }>;
    expect(leaf.items).toHaveLength(2);
  });

  it('shifts the window at the ends and leaves short lists whole', () => {
    expect(labels(page('/docs/s0/f0/d0')).slice(0, 2)).toEqual(['s0', 's1']);
    expect(labels(page('/docs/s29/f0/d0')).slice(-2)).toEqual(['s28', 's29']);
    expect(page('/docs/s0/f0/d0')).toHaveLength(12);
    const short = Array.from({ length: 24 }, (_, i) => doc(`d${i}`));
    expect(isWindowed(short)).toBe(false);
    expect(isWindowed([...short, doc('d24')])).toBe(true);
    expect(windowSidebar(short, '/docs/d23', FILE)).toEqual(short);
  });

  it('keeps a category whole on its own page, whose route chunk the browser loads it from', () => {
    const top = page('/docs/s3/');
    const own = top.find((n) => n.type === 'category' && n.label === 's3') as Extract<SidebarNode, { type: 'category' }>;
    expect(own.items).toHaveLength(30);
  });

  it('lets a reader without JavaScript reach every page by sidebar links alone', () => {
    const hrefs = (nodes: SidebarNode[]): string[] => nodes.flatMap((n) => (n.type === 'category' ? [n.href!, ...hrefs(n.items)] : n.type === 'doc' || n.type === 'more' ? (n.href ? [n.href] : []) : []));
    const all = new Set(hrefs(site));
    const reached = new Set(['/docs/s0/f0/d0']);
    const queue = [...reached];
    while (queue.length) for (const href of hrefs(page(queue.shift()!))) if (!reached.has(href)) (reached.add(href), queue.push(href));
    expect([...all].filter((h) => !reached.has(h))).toEqual([]);
  });
});

describe('an entry standing for a single item', () => {
  it('is never made: the item is shown instead', () => {
    const list = Array.from({ length: 26 }, (_, i) => doc(`d${i}`));
    expect(labels(windowSidebar(list, '/docs/d6', FILE))).toEqual([...list.slice(0, 12).map((n) => (n.type === 'doc' ? n.id : '')), '+14']);
    expect(labels(windowSidebar(list, '/docs/d19', FILE))).toEqual(['+14', ...list.slice(14).map((n) => (n.type === 'doc' ? n.id : ''))]);
  });
});
