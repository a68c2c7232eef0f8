import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildClient, siteCss } from '../../../generator/client/index.ts';
import { parseConfig } from '../../../generator/config/index.ts';
import { themeConfig } from '../../../generator/client/config.ts';
import { programEntry } from '../../../generator/esbuild/index.ts';

const site = (extra: object) => parseConfig({ title: 'T', url: 'https://docs.example.com', ...extra }).config;
const content = { docs: [], navbar: [], categories: [], sidebars: {}, displayedSidebars: {}, pages: [], assets: new Map(), staticFiles: [] };

describe('the stylesheet rules the config sets', () => {
  it('colour the announcement bar, and are empty without one', () => {
    expect(siteCss(site({ announcementBar: { id: 'a', content: 'x', backgroundColor: '#005f6b', textColor: 'white' } }))).toBe('.announcement-bar{background-color:#005f6b;color:white}\n');
    expect(siteCss(site({}))).toBe('');
  });

  it('are part of the theme stylesheet the pages link', async () => {
    const assets = await buildClient(themeConfig(site({ announcementBar: { id: 'a', content: 'x', backgroundColor: '#005f6b', textColor: '#fff' } }), content));
    const css = assets.files.find((f) => f.path.endsWith('.css') && `/${f.path}` === assets.styles[0]);
    expect(String(css?.contents)).toMatch(/\.announcement-bar\{background-color:#005f6b;color:#fff\}/);
  }, 60_000);
});

describe("the theme's server half", () => {
  it("renders without loading React DOM's client, which only the browser entry uses", () => {
    const theme = programEntry('theme', new URL('./theme.js', import.meta.url)).href;
    const script = `import { createRequire } from 'node:module';
      const { serverTheme } = await import(${JSON.stringify(theme)});
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((f) => /react-dom/.test(f));
      console.log(JSON.stringify({ theme: Object.keys(serverTheme).length > 0, loaded }));`;
    const { theme: loadedTheme, loaded } = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as { theme: boolean; loaded: string[] };
    expect(loadedTheme).toBe(true);
    expect(loaded.some((f) => f.includes('react-dom-server'))).toBe(true);
    expect(loaded.filter((f) => /react-dom-client|react-dom\/client/.test(f))).toEqual([]);
  }, 60_000);
});
