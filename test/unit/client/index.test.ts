import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildClient, siteCss } from '../../../generator/client/index.ts';
import { parseConfig } from '../../../generator/config/index.ts';
import { themeConfig } from '../../../generator/client/config.ts';
import { cacheDir, compile, programEntry } from '../../../generator/esbuild/index.ts';
import { DOCGEN_ROOT } from '../../../generator/root.ts';

// esbuild's compiles counted: a bundle read from a cache is one that was not compiled.
vi.mock('../../../generator/esbuild/index.ts', async (original) => {
  const actual = await original<typeof import('../../../generator/esbuild/index.ts')>();
  return { ...actual, compile: vi.fn(actual.compile) };
});

const site = (extra: object) => parseConfig({ title: 'T', url: 'https://docs.example.com', ...extra }).config;
const content = { docs: [], navbar: [], categories: [], sidebars: {}, displayedSidebars: {}, pages: [], assets: new Map(), staticFiles: [] };

describe('the stylesheet rules the config sets', () => {
  it('colour the announcement bar, and are empty without one', () => {
    expect(siteCss(site({ announcementBar: { id: 'a', content: 'x', backgroundColor: '#005f6b', textColor: 'white' } }))).toBe('.announcement-bar{background-color:#005f6b;color:white}\n');
    expect(siteCss(site({}))).toBe('');
  });

  it("are the site's stylesheet, linked after the theme's so they win", async () => {
    const assets = await buildClient(themeConfig(site({ announcementBar: { id: 'a', content: 'x', backgroundColor: '#005f6b', textColor: '#fff' } }), content));
    const css = (href: string) => String(assets.files.find((f) => `/${f.path}` === href)?.contents);
    expect(assets.styles).toHaveLength(2);
    expect(css(assets.styles[1])).toBe('.announcement-bar{background-color:#005f6b;color:#fff}\n');
    expect(css(assets.styles[0])).toMatch(/\.announcement-bar\{/);
    expect(css(assets.styles[0])).not.toContain('#005f6b');
  }, 60_000);
});

describe('the client bundle', () => {
  const bundleOf = (assets: Awaited<ReturnType<typeof buildClient>>) => assets.files.filter((f) => !/^assets\/(config|site)\./.test(f.path)).map((f) => [f.path, String(f.contents)]);
  const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

  it("is the same for every site, kept with docgen's compiled code: another site's cold build reads it instead of compiling", async () => {
    const [one, other] = [mkdtempSync(path.join(os.tmpdir(), 'docgen-client-')), mkdtempSync(path.join(os.tmpdir(), 'docgen-client-'))];
    try {
      const first = await buildClient(themeConfig(site({ title: 'First' }), content), { cacheDir: one });
      const compiles = vi.mocked(compile).mock.calls.length;
      const second = await buildClient(themeConfig(site({ title: 'Second' }), content), { cacheDir: other });
      expect(bundleOf(second)).toEqual(bundleOf(first));
      expect(second.scripts).toEqual(first.scripts);
      expect(second.config).not.toBe(first.config);
      expect(String(second.files.find((f) => `/${f.path}` === second.config)?.contents)).toContain('"title":"Second"');
      expect(bundleOf(second).some(([, text]) => text.includes('First') || text.includes('Second'))).toBe(false);
      // Read from docgen's cache, not compiled, and nothing of it in the sites' own caches.
      expect(vi.mocked(compile).mock.calls.length).toBe(compiles);
      expect(entries(cacheDir(DOCGEN_ROOT, 'client')).length).toBeGreaterThan(0);
      expect([...entries(one), ...entries(other)]).toEqual([]);
    } finally {
      rmSync(one, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  }, 120_000);

  it("with the site's islands, is kept in the site's cache", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-client-'));
    try {
      const island = path.join(dir, 'counter.tsx');
      writeFileSync(island, 'export const interactive = true;\nexport default function Counter() { return <button type="button">0</button>; }\n');
      // Older than the compile: a file saved during it is not kept (esbuild may have read it half-written).
      utimesSync(island, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
      const cache = path.join(dir, 'cache');
      const assets = await buildClient(themeConfig(site({}), content), { cacheDir: cache, islands: { counter: island } });
      expect(Object.keys(assets.islands ?? {})).toEqual(['counter']);
      expect(entries(cache)).toHaveLength(1);
      // Without a site cache (--no-cache), compiled each time.
      const compiles = vi.mocked(compile).mock.calls.length;
      await buildClient(themeConfig(site({}), content));
      expect(vi.mocked(compile).mock.calls.length).toBe(compiles + 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
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
