import { describe, expect, it } from 'vitest';
import { buildClient, siteCss } from '../../../generator/client/index.ts';
import { parseConfig } from '../../../generator/config/index.ts';
import { themeConfig } from '../../../generator/client/config.ts';

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
