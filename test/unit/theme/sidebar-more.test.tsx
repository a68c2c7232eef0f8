import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SidebarNode } from '../../../common/page.ts';
import { Sidebar } from '../../../theme/components/Sidebar/index.tsx';
import { itemKeys, mergeWhole } from '../../../theme/components/Sidebar/more.tsx';

const doc = (id: string): SidebarNode => ({ type: 'doc', id, label: id, href: `/docs/${id}`, badges: [] });
const category = (dir: string, items: SidebarNode[]): SidebarNode => ({ type: 'category', label: dir, href: `/docs/${dir}/`, docId: `${dir}/index`, collapsed: true, badges: [], items, listed: true });

describe('the entries standing for items a page leaves out', () => {
  it('link to a page listing them, naming their category to screen readers', () => {
    const nodes = [category('a', [doc('a/1'), { type: 'more', count: 12, href: '/docs/a/' }]), { type: 'more', count: 30, href: '/docs/z/', file: '/_chunks/_sidebars/docs.json' } as SidebarNode];
    const html = renderToString(<Sidebar nodes={nodes} route="/docs/a/1" />);
    expect(html).toContain('<li class="menu__item menu__more"><a class="menu__link menu__more-link" href="/docs/a/">12 more<span class="sr-only"> in a</span></a></li>');
    expect(html).toContain('<a class="menu__link menu__more-link" href="/docs/z/">30 more</a>');
  });

  it('merge with the whole list, keeping the entries shown (an open category keeps its items)', () => {
    const open = category('b', [doc('b/1')]);
    const shown: SidebarNode[] = [{ type: 'more', count: 1, href: '/docs/a/' }, open, { type: 'more', count: 1, href: '/docs/c/' }];
    const whole = [category('a', []), category('b', []), category('c', [])];
    expect(mergeWhole(shown, whole)).toEqual([whole[0], open, whole[2]]);
  });

  it('keep their React keys when the list is made whole, so an open category keeps its state', () => {
    const keys = itemKeys([doc('x'), category('b', []), { type: 'html', value: '<hr>' }, { type: 'html', value: '<hr>' }]);
    expect(keys).toEqual(['d:x', 'c:/docs/b/', 'h:<hr>', 'h:<hr>#1']);
    expect(itemKeys([doc('w'), doc('x'), category('b', [])]).slice(1)).toEqual(keys.slice(0, 2));
  });
});
