import { describe, expect, it } from 'vitest';
import { siteCss } from '../../../generator/client/index.ts';
import { parseConfig } from '../../../generator/config/index.ts';
import type { ThemeConfig } from '../../../common/config.ts';

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
