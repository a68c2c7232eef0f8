import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../generator/config/index.ts';
import { resolveNavbar } from '../../../generator/content/navbar.ts';
import { fakeDoc } from '../../helpers.ts';

const docs = [fakeDoc('index', { title: 'Home' }), fakeDoc('api/index', { title: 'API' })];
const sidebars = { api: [{ type: 'doc' as const, id: 'api/index', label: 'API', href: '/docs/api/', badges: [] }], empty: [] };
const config = (items: unknown[]) => parseConfig({ title: 'T', url: 'https://x.example', navbar: { items } }).config;

describe('navbar items', () => {
  it('links doc and docSidebar items to their doc', () => {
    const items = resolveNavbar(config([{ type: 'doc', docId: 'api/index' }, { type: 'docSidebar', sidebarId: 'api', label: 'Ref' }]), docs, sidebars);
    expect(items.map((i) => [i.label, i.to])).toEqual([
      ['API', '/docs/api/'],
      ['Ref', '/docs/api/'],
    ]);
  });

  it('fails naming the config path for an unknown doc or an empty sidebar', () => {
    expect(() => resolveNavbar(config([{ type: 'doc', docId: 'nope' }]), docs, sidebars)).toThrowError('navbar.items[0].docId: unknown doc id "nope"');
    expect(() => resolveNavbar(config([{ label: 'a', to: '/' }, { type: 'docSidebar', sidebarId: 'empty' }]), docs, sidebars)).toThrowError(
      'navbar.items[1].sidebarId: sidebar "empty" has no doc to link to',
    );
  });

  it('fails naming the config path for a custom item type the theme does not register', () => {
    expect(() => resolveNavbar(config([{ type: 'custom-colorModeToggle' }, { type: 'dropdown', label: 'More', items: [{ type: 'custom-nope' }] }]), docs, sidebars)).toThrowError(
      'navbar.items[1].items[0].type: no component is registered for navbar item type "custom-nope"',
    );
  });

  it('rejects an unknown item type at validation, naming the path', () => {
    expect(() => config([{ label: 'a', to: '/' }, { type: 'doesNotExist' }])).toThrowError('navbar.items[1].type: unknown navbar item type "doesNotExist"');
  });
});
