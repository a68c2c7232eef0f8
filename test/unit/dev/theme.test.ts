import { afterEach, describe, expect, it } from 'vitest';
import { buildClient, loadServerTheme } from '../../../generator/client/index.ts';
import { ThemeBuilder } from '../../../generator/dev/theme.ts';
import { themeConfig } from '../../../generator/client/config.ts';
import { parseConfig } from '../../../generator/config/index.ts';
import type { ClientAssets, OutputFile } from '../../../generator/model.ts';

const content = { docs: [], navbar: [], categories: [], sidebars: {}, displayedSidebars: {}, pages: [], assets: new Map(), staticFiles: [] };

describe('ThemeBuilder', () => {
  let builder: ThemeBuilder | undefined;
  afterEach(async () => builder?.dispose());

  it('starts with the theme the program bundle holds, and compiles the sources once the theme is built again (an edit)', async () => {
    builder = new ThemeBuilder();
    const bundled = await loadServerTheme();
    const first = await builder.build();
    expect(first.identity).toBe(bundled.themeKey);
    expect(first.server.theme).toBe(bundled.theme);

    const edited = await builder.build();
    expect(edited.identity).toMatch(/^[0-9a-f]{16}$/);
    expect(edited.identity).not.toBe(first.identity);
    expect(edited.server.theme).not.toBe(bundled.theme);
    expect(Object.keys(edited.server.theme).sort()).toEqual(Object.keys(bundled.theme).sort());
  });
});

describe("ThemeBuilder: the client bundle, with the site's config beside it", () => {
  let builder: ThemeBuilder | undefined;
  afterEach(async () => builder?.dispose());
  const noIslands = { files: {}, hash: '' };
  const config = (title: string) => themeConfig(parseConfig({ title, url: 'https://docs.example.com' }).config, content);
  const text = (files: OutputFile[]) => files.map((f) => `${f.path}\n${String(typeof f.contents === 'function' ? f.contents() : f.contents)}`).join('\n');
  const configText = (assets: ClientAssets) => String(assets.files.find((f) => `/${f.path}` === assets.config)?.contents);

  it("started before the config is known, gives the build's client assets for the config it is then given", async () => {
    builder = new ThemeBuilder();
    builder.startClient(() => noIslands);
    const early = await builder.clientAssets(config('Early start'), noIslands);
    const built = await buildClient(config('Early start'));
    expect(text(early.files)).toBe(text(built.files));
    expect([early.scripts, early.styles, early.config]).toEqual([built.scripts, built.styles, built.config]);
    expect(configText(early)).toContain('"title":"Early start"');
  }, 60_000);

  it('gives a new config script for a new config, with the same bundle', async () => {
    builder = new ThemeBuilder();
    const first = await builder.clientAssets(config('First'), noIslands);
    const second = await builder.clientAssets(config('Second'), noIslands);
    expect(second.scripts).toEqual(first.scripts);
    expect(second.config).not.toBe(first.config);
    expect(configText(second)).toContain('"title":"Second"');
  }, 60_000);

  it('builds again for other islands than it was started with', async () => {
    builder = new ThemeBuilder();
    builder.startClient(() => ({ files: {}, hash: 'other' }));
    const assets = await builder.clientAssets(config('Islands changed'), noIslands);
    expect(configText(assets)).toContain('Islands changed');
    expect(assets.scripts).toEqual((await buildClient(config('Islands changed'))).scripts);
  }, 60_000);

  it('after theme edits (the bundle then compiled from the sources each time), gives the same bundle while the sources are the same', async () => {
    builder = new ThemeBuilder();
    builder.startClient(() => noIslands);
    await builder.build();
    const before = await builder.clientAssets(config('Before an edit'), noIslands);
    await builder.build();
    const edited = await builder.clientAssets(config('After an edit'), noIslands);
    await builder.build();
    const again = await builder.clientAssets(config('After an edit'), noIslands);
    // The sources did not change: the same bundle, each time compiled from them.
    expect(edited.scripts).toEqual(before.scripts);
    expect(again.scripts).toEqual(before.scripts);
    expect(configText(again)).toContain('After an edit');
  }, 60_000);
});
