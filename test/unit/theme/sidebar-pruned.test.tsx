import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '../../../theme/components/Sidebar/index.tsx';
import { itemsFromSidebar, PrunedItemsContext } from '../../../theme/components/Sidebar/pruned.ts';
import { pruneSidebar } from '../../../common/navigation.ts';
import type { SidebarNode } from '../../../common/page.ts';

const doc = (id: string): SidebarNode => ({ type: 'doc', id, label: id, href: `/docs/${id}`, badges: [] });
const category = (label: string, items: SidebarNode[], collapsed = true): SidebarNode => ({ type: 'category', label, href: `/docs/${label}/`, docId: `${label}/index`, collapsed, badges: [], items });
const sidebar = [doc('intro'), category('guides', [doc('guides/a'), category('deep', [doc('guides/deep/b')])]), category('open', [doc('open/c')], false)];

describe('the sidebar markup of pruned categories', () => {
  it('finds a category\'s items by its page, nested ones included', () => {
    const find = itemsFromSidebar(sidebar);
    expect(find('/docs/deep/')).toEqual({ nodes: [doc('guides/deep/b')] });
    expect(find('/docs/nowhere/')).toBeUndefined();
  });

  it('renders every page on the server while the data carries the category pruned, closed by a class', () => {
    const data = pruneSidebar(sidebar, '/docs/intro');
    expect(JSON.stringify(data)).not.toContain('guides/a');
    const html = renderToString(
      <PrunedItemsContext.Provider value={itemsFromSidebar(sidebar)}>
        <Sidebar nodes={data} route="/docs/intro" />
      </PrunedItemsContext.Provider>,
    );
    for (const id of ['guides/a', 'guides/deep/b', 'open/c']) expect(html).toContain(`href="/docs/${id}"`);
    expect(html).toContain('<ul class="menu__list collapsible--closed" data-sidebar-items="/docs/guides/">');
    expect(html).not.toMatch(/style=|tabindex/i);
    // Without the whole sidebar (client navigation to a page not yet seen), the list is empty until loaded.
    expect(renderToString(<Sidebar nodes={data} route="/docs/intro" />)).not.toContain('guides/a');
  });

  it('renders no items for a closed category whose page lists them, so a page does not grow with the site', () => {
    const listed = (node: SidebarNode): SidebarNode => (node.type === 'category' ? { ...node, listed: true, items: node.items.map(listed) } : node);
    const whole = sidebar.map(listed);
    expect(itemsFromSidebar(whole)('/docs/guides/')).toBeUndefined();
    const html = renderToString(
      <PrunedItemsContext.Provider value={itemsFromSidebar(whole)}>
        <Sidebar nodes={pruneSidebar(whole, '/docs/intro')} route="/docs/intro" />
      </PrunedItemsContext.Provider>,
    );
    expect(html).toContain('<a class="menu__link menu__category-link" href="/docs/guides/">guides</a>');
    expect(html).not.toContain('guides/a');
    expect(html).toContain('<ul class="menu__list collapsible--closed"></ul>');
    // An open one still shows its items.
    expect(html).toContain('href="/docs/open/c"');
  });
});
