import { afterEach, describe, expect, it } from 'vitest';
import { loadServerTheme } from '../../../generator/client/index.ts';
import { ThemeBuilder } from '../../../generator/dev/theme.ts';
import { themeConfig } from '../../../generator/client/config.ts';
import { parseConfig } from '../../../generator/config/index.ts';
import type { OutputFile } from '../../../generator/model.ts';

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

describe('ThemeBuilder: the client bundle started before the theme config is known (a start)', () => {
  let builder: ThemeBuilder | undefined;
  afterEach(async () => builder?.dispose());
  const noIslands = { files: {}, hash: '' };
  const config = (title: string) => themeConfig(parseConfig({ title, url: 'https://docs.example.com' }).config, content);
  const text = (files: OutputFile[]) => files.map((f) => `${f.path}\n${String(typeof f.contents === 'function' ? f.contents() : f.contents)}`).join('\n');

  it('gives the bundle of the config it is then given, the same files as a bundle started with it', async () => {
    builder = new ThemeBuilder();
    builder.startClient(() => noIslands);
    // esbuild reads the theme meanwhile; the config comes later, as the content stage's does.
    await new Promise((r) => setTimeout(r, 50));
    const early = await builder.clientAssets(config('Early start'), noIslands);
    const plain = new ThemeBuilder();
    try {
      const direct = await plain.clientAssets(config('Early start'), noIslands);
      expect(text(early.files)).toBe(text(direct.files));
      expect(early.scripts).toEqual(direct.scripts);
      expect(text(early.files)).toContain('Early start');
    } finally {
      await plain.dispose();
    }
  });

  it('builds again for other islands than it was started with', async () => {
    builder = new ThemeBuilder();
    builder.startClient(() => ({ files: {}, hash: 'other' }));
    const assets = await builder.clientAssets(config('Islands changed'), noIslands);
    expect(text(assets.files)).toContain('Islands changed');
  });

  it('after a theme edit made before it is taken, the bundle is built again, with the config given', async () => {
    builder = new ThemeBuilder();
    builder.startClient(() => noIslands);
    await builder.build();
    await builder.build();
    const assets = await builder.clientAssets(config('After an edit'), noIslands);
    expect(text(assets.files)).toContain('After an edit');
  });

  it('ends without a config when the server stops first', async () => {
    const stopping = new ThemeBuilder();
    stopping.startClient(() => noIslands);
    // esbuild waits in the plugin for a config that never comes: stopping must not wait with it.
    const stopped = await Promise.race([stopping.dispose().then(() => 'stopped'), new Promise((r) => setTimeout(() => r('still waiting'), 5000))]);
    expect(stopped).toBe('stopped');
  });
});
