import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { configScript, siteAssets, siteCss } from '../../../generator/client/site.ts';
import { themeConfig } from '../../../generator/client/config.ts';
import { parseConfig } from '../../../generator/config/index.ts';
import { THEME_CONFIG_GLOBAL, type ThemeConfig } from '../../../common/config.ts';

const bar = (backgroundColor: string, textColor: string) =>
  ({ announcementBar: { id: 'a', content: 'x', backgroundColor, textColor, isCloseable: true } }) as unknown as ThemeConfig;

describe('the stylesheet part made from the config', () => {
  it("gives the announcement bar its configured colours (no inline style, which a strict policy drops)", () => {
    expect(siteCss(bar('#223344', 'rgb(255, 238, 204)'))).toBe('.announcement-bar{background-color:#223344;color:rgb(255, 238, 204)}\n');
  });

  it('keeps a colour from ending its declaration or rule', () => {
    expect(siteCss(bar('red;}body{display:none', '</style><script>'))).toBe('.announcement-bar{background-color:redbodydisplaynone;color:/stylescript}\n');
  });

  it('is empty without an announcement bar', () => {
    const { config } = parseConfig({ title: 'S', url: 'https://docs.example.com' });
    expect(siteCss(config as unknown as ThemeConfig)).toBe('');
  });
});

const content = { docs: [], navbar: [], categories: [], sidebars: {}, displayedSidebars: {}, pages: [], assets: new Map(), staticFiles: [] };
const theme = (extra: object) => themeConfig(parseConfig({ title: 'S', url: 'https://docs.example.com', ...extra }).config, content);
const text = (contents: unknown) => String(contents);

describe("the site's config script", () => {
  it('hands the browser the theme config as the server rendered with it, strings that close a script element included', () => {
    const config = theme({ tagline: '</script><script>alert(1)</script> \u2028', navbar: { items: [{ type: 'html', value: '<b>x</b>', position: 'right' }] } });
    const window: Record<string, unknown> = {};
    vm.runInNewContext(configScript(config), { self: window });
    expect(window[THEME_CONFIG_GLOBAL]).toEqual(JSON.parse(JSON.stringify(config)));
  });
});

describe("the site's assets", () => {
  it('are the config script, named by its content, and a stylesheet only when the config sets colours', () => {
    const plain = siteAssets(theme({}));
    expect(plain.config).toMatch(/^\/assets\/config\.[0-9a-f]{10}\.js$/);
    expect(plain.style).toBeUndefined();
    expect(plain.files.map((f) => `/${f.path}`)).toEqual([plain.config]);

    const bar = siteAssets(theme({ announcementBar: { id: 'a', content: 'x', backgroundColor: '#005f6b', textColor: '#fff' } }));
    expect(bar.style).toMatch(/^\/assets\/site\.[0-9a-f]{10}\.css$/);
    expect(text(bar.files.find((f) => `/${f.path}` === bar.style)?.contents)).toBe('.announcement-bar{background-color:#005f6b;color:#fff}\n');
    expect(bar.config).not.toBe(plain.config);
  });

  it('keep their names while the config is the same (the browser keeps them as immutable)', () => {
    expect(siteAssets(theme({ title: 'A' }))).toEqual(siteAssets(theme({ title: 'A' })));
    expect(siteAssets(theme({ title: 'A' })).config).not.toBe(siteAssets(theme({ title: 'B' })).config);
  });
});
