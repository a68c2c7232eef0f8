import { describe, expect, it } from 'vitest';
import { formatPath, parseConfig } from '../../../generator/config/index.ts';
import { ConfigError } from '../../../generator/errors.ts';

const base = { title: 'T', url: 'https://docs.example.com' };

describe('config schema', () => {
  it('fills every default', () => {
    const { config } = parseConfig(base);
    expect(config.tagline).toBe('');
    expect(config.baseUrl).toBe('/');
    expect(config.i18n).toEqual({ defaultLocale: 'en', locales: ['en'], direction: 'ltr' });
    expect(config.colorMode.defaultMode).toBe('dark');
    expect(config.search.maxHits).toBe(5);
    expect(config.tableOfContents).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
    expect([config.onBrokenLinks, config.onBrokenMarkdownLinks, config.onBrokenAnchors, config.onDuplicateRoutes]).toEqual(['throw', 'throw', 'warn', 'warn']);
    expect(config.navbar.hideOnScroll).toBe(false);
  });

  it('names the key path of an unknown navbar item type', () => {
    const items = [{ label: 'a', to: '/' }, { label: 'b', to: '/' }, { label: 'c', to: '/' }, { type: 'foo', label: 'd' }];
    expect(() => parseConfig({ ...base, navbar: { items } })).toThrowError(
      /^navbar\.items\[3\]\.type: unknown navbar item type "foo" \(expected one of default, doc, docSidebar, docsVersion, docsVersionDropdown, dropdown, html, search/,
    );
  });

  it('accepts custom item types', () => {
    expect(parseConfig({ ...base, navbar: { items: [{ type: 'custom-signIn' }] } }).config.navbar.items[0].type).toBe('custom-signIn');
  });

  it('rejects a bad level and a bad baseUrl with the key named', () => {
    expect(() => parseConfig({ ...base, onBrokenLinks: 'explode' })).toThrowError(/^onBrokenLinks: /);
    expect(() => parseConfig({ ...base, baseUrl: 'docs' })).toThrowError(/^baseUrl: must start and end with "\/"/);
    try {
      parseConfig({ title: 'T' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).location?.file).toBe('site.config.ts');
    }
  });

  it('takes the announcement bar\'s colours as CSS colours only, since they go into the stylesheet', () => {
    const bar = (backgroundColor: string) => parseConfig({ ...base, announcementBar: { id: 'a', content: 'x', backgroundColor } });
    for (const ok of ['#005f6b', 'teal', 'rgb(0, 95, 107)', 'hsl(186 100% 21% / 0.9)']) expect(bar(ok).config.announcementBar?.backgroundColor).toBe(ok);
    expect(() => bar('red; } body { display: none')).toThrowError(/^announcementBar\.backgroundColor: expected a CSS colour/);
  });

  it('gives the same hash for the same config', () => {
    expect(parseConfig(base).hash).toBe(parseConfig({ ...base }).hash);
    expect(parseConfig(base).hash).not.toBe(parseConfig({ ...base, title: 'U' }).hash);
  });

  it('formats paths like a reader writes them', () => {
    expect(formatPath(['navbar', 'items', 3, 'type'])).toBe('navbar.items[3].type');
  });
});

describe('unknown config keys', () => {
  const source = `import { defineConfig } from 'docgen';

export default defineConfig({
  titel: 'T',
  url: 'https://docs.example.com',
  navbar: {
    items: [{ label: 'Docs', to: '/docs/', positon: 'left' }],
  },
});
`;

  it('are errors naming the key, the key probably meant, and where it is written', () => {
    try {
      parseConfig({ titel: 'T', title: 'T', url: 'https://docs.example.com' }, 'site.config.ts', source);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).message).toBe('titel: unknown key; did you mean "title"?');
      expect((err as ConfigError).location).toEqual({ file: 'site.config.ts', line: 4, column: 3 });
    }
  });

  it('come first when a misspelt key leaves the one meant missing, and a missing key is not placed at a namesake elsewhere', () => {
    const typo = source.replace("titel: 'T',\n", "titel: 'T',\n  navbar: { title: 'N' },\n");
    try {
      parseConfig({ titel: 'T', url: 'https://docs.example.com', navbar: { title: 'N' } }, 'site.config.ts', typo);
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).message).toBe('titel: unknown key; did you mean "title"? (and 1 more)');
      expect((err as ConfigError).location).toEqual({ file: 'site.config.ts', line: 4, column: 3 });
      expect((err as ConfigError).hint).toBe('title: is required');
    }
    try {
      parseConfig({ url: 'https://docs.example.com', navbar: { title: 'N' } }, 'site.config.ts', typo.replace("  titel: 'T',\n", ''));
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).message).toBe('title: is required');
      expect((err as ConfigError).location).toEqual({ file: 'site.config.ts' });
    }
  });

  it('are found inside nested objects and arrays, at their own line', () => {
    const raw = { title: 'T', url: 'https://docs.example.com', navbar: { items: [{ label: 'Docs', to: '/docs/', positon: 'left' }] } };
    try {
      parseConfig(raw, 'site.config.ts', source);
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).message).toBe('navbar.items[0].positon: unknown key; did you mean "position"?');
      expect((err as ConfigError).location).toEqual({ file: 'site.config.ts', line: 7, column: 44 });
    }
    expect(() => parseConfig({ ...base, colorMode: { zzz: true } })).toThrowError(/^colorMode\.zzz: unknown key$/);
    expect(() => parseConfig({ ...base, sidebars: { docs: { items: [{ type: 'doc', id: 'a', lable: 'x' }] } } })).toThrowError(/^sidebars\.docs\.items\[0\]/);
  });

  it('leave the real site and the fixtures valid', async () => {
    const { importSiteModule } = await import('../../../generator/modules.ts');
    const { REPO, FIXTURES } = await import('../../helpers.ts');
    const path = await import('node:path');
    const { readdirSync, existsSync } = await import('node:fs');
    const roots = [REPO, ...readdirSync(FIXTURES).map((f) => path.join(FIXTURES, f))].filter((r) => existsSync(path.join(r, 'site.config.ts')));
    for (const root of roots) {
      const mod = await importSiteModule(root, path.join(root, 'site.config.ts'));
      expect(() => parseConfig(mod.default), root).not.toThrow();
    }
  });
});
