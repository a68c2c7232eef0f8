import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../generator/config/index.ts';
import { buildSidebars, displayedSidebars } from '../../../generator/content/sidebars.ts';
import type { Category, SidebarNode } from '../../../generator/model.ts';
import { fakeDoc as doc } from '../../helpers.ts';

const labels = (nodes: SidebarNode[]): unknown[] =>
  nodes.map((n) => (n.type === 'category' ? { [n.label]: labels(n.items) } : n.type === 'doc' || n.type === 'link' ? n.label : n.type));

/** The folders-to-sidebars split these tests were written against. */
const THREE = { docs: { dir: '' }, api: { dir: 'api' }, sdk: { dir: 'sdks' } };

describe('sidebars', () => {
  const docs = [
    doc('index', { title: 'Home', sidebar_position: 1 }),
    doc('guides/b', { title: 'B', sidebar_position: 2 }),
    doc('guides/a', { title: 'A', sidebar_position: 1 }),
    doc('guides/index', { title: 'Guides' }),
    doc('guides/z', { title: 'Zed' }),
    doc('hidden', { title: 'Hidden', displayed_sidebar: null }),
    doc('api/index', { title: 'API' }),
    doc('api/tokens/index', { title: 'Tokens', badges: ['Enterprise'] }),
    doc('api/tokens/create', { title: 'Create', sidebar_label: 'Create a token' }),
    doc('sdks/index', { title: 'SDKs' }),
  ];
  const cats: Category[] = [{ dir: 'guides', label: 'The Guides', position: 2, collapsed: true }];

  it('generates each group from its folders, ordered by position then name', () => {
    const sidebars = buildSidebars(docs, cats, parseConfig({ title: 'T', url: 'https://x.example', sidebars: THREE }).config);
    expect(labels(sidebars.docs)).toEqual(['Home', { 'The Guides': ['A', 'B', 'Zed'] }]);
    expect(labels(sidebars.api)).toEqual(['API', { Tokens: ['Create a token'] }]);
    expect(labels(sidebars.sdk)).toEqual(['SDKs']);
    const tokens = sidebars.api[1];
    expect(tokens.type === 'category' && tokens.href).toBe('/docs/api/tokens/');
    expect(tokens.type === 'category' && tokens.badges).toEqual([{ label: 'Enterprise' }]);
  });

  it('marks a category whose page is a generated index as listed by it, and one with a written page not', () => {
    const generated = { ...doc('guides/index', { title: 'Guides' }), generated: true };
    const withIndex = buildSidebars(docs.map((d) => (d.id === 'guides/index' ? generated : d)), cats, parseConfig({ title: 'T', url: 'https://x.example', sidebars: THREE }).config);
    const guides = (nodes: SidebarNode[]) => nodes.find((n) => n.type === 'category' && n.label === 'The Guides');
    expect(guides(withIndex.docs)).toMatchObject({ listed: true });
    expect(guides(buildSidebars(docs, cats, parseConfig({ title: 'T', url: 'https://x.example', sidebars: THREE }).config).docs)).not.toHaveProperty('listed');
  });

  it('gives a label that is the start of its page title the rest of the title, for screen readers', () => {
    const sdks = [doc('sdks/index', { title: 'SDKs' }), doc('sdks/go', { title: 'Go SDK', sidebar_label: 'Go' }), doc('sdks/gopher', { title: 'Gophers', sidebar_label: 'Go' })];
    const nodes = buildSidebars(sdks, [], parseConfig({ title: 'T', url: 'https://x.example', sidebars: THREE }).config).sdk;
    const byId = (id: string) => nodes.find((n) => n.type === 'doc' && n.id === id);
    expect(byId('sdks/go')).toMatchObject({ label: 'Go', titleRest: ' SDK' });
    expect(byId('sdks/gopher')).not.toHaveProperty('titleRest');
    expect(byId('sdks/index')).not.toHaveProperty('titleRest');
  });

  it('records the displayed sidebar of each doc, and none for displayed_sidebar: null', () => {
    const config = parseConfig({ title: 'T', url: 'https://x.example', sidebars: THREE }).config;
    const shown = displayedSidebars(docs, buildSidebars(docs, cats, config), config);
    const by = new Map(docs.map((d) => [d.id, shown[d.id]]));
    expect(by.get('guides/a')).toBe('docs');
    expect(by.get('api/tokens/create')).toBe('api');
    expect(by.get('hidden')).toBeNull();
  });

  it('rejects a displayed_sidebar naming no sidebar, at its front matter line, with the closest one', () => {
    const stray = { ...doc('guides/stray', { title: 'Stray', displayed_sidebar: 'apii' }), raw: '---\ntitle: Stray\ndisplayed_sidebar: apii\n---\n' };
    expect(() => buildSidebars([...docs, stray], cats, parseConfig({ title: 'T', url: 'https://x.example', sidebars: THREE }).config)).toThrowError(
      expect.objectContaining({
        message: 'front matter "displayed_sidebar": no sidebar "apii"; did you mean "api"?',
        location: { file: 'content/docs/guides/stray.md', line: 3, column: 1 },
      }),
    );
    const listed = { ...stray, frontMatter: { displayed_sidebar: 'extra' } };
    const config = parseConfig({ title: 'T', url: 'https://x.example', sidebars: { ...THREE, extra: { items: ['index'] } } }).config;
    const sidebars = buildSidebars([...docs, listed], cats, config);
    expect(sidebars.extra).toHaveLength(1);
    expect(displayedSidebars([...docs, listed], sidebars, config)[listed.id]).toBe('extra');
  });

  it('builds hand-listed sidebars and names an unknown doc id by config path', () => {
    const config = parseConfig({
      title: 'T',
      url: 'https://x.example',
      sidebars: { docs: { items: ['index', { type: 'category', label: 'Mixed', link: 'guides/index', items: ['guides/z', { type: 'autogenerated', dirName: 'api/tokens' }] }, { type: 'html', value: '<hr />' }] } },
    }).config;
    const sidebars = buildSidebars(docs, cats, config);
    expect(labels(sidebars.docs)).toEqual(['Home', { Mixed: ['Zed', 'Create a token'] }, 'html']);
    const bad = parseConfig({ title: 'T', url: 'https://x.example', sidebars: { docs: { items: ['index', { type: 'category', label: 'X', items: ['nope'] }] } } }).config;
    expect(() => buildSidebars(docs, cats, bad)).toThrowError('sidebars.docs.items[1].items[0]: unknown doc id "nope"');
  });

  it('links a category to the doc its _category_.json names', () => {
    const withLink: Category[] = [{ dir: 'guides', label: 'The Guides', position: 2, collapsed: false, link: { type: 'doc', id: 'guides/a' } }];
    const sidebars = buildSidebars(docs, withLink, parseConfig({ title: 'T', url: 'https://x.example', sidebars: THREE }).config);
    const cat = sidebars.docs[1];
    expect(cat.type === 'category' && [cat.href, cat.collapsed]).toEqual(['/docs/guides/a', false]);
    const broken: Category[] = [{ dir: 'guides', label: 'G', collapsed: true, link: { type: 'doc', id: 'guides/missing' } }];
    expect(() => buildSidebars(docs, broken, parseConfig({ title: 'T', url: 'https://x.example', sidebars: THREE }).config)).toThrowError('link: unknown doc id "guides/missing"');
  });
});
