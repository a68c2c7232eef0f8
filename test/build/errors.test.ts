import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, docgen } from '../helpers.ts';
import { useBreakableSite } from './break-site.ts';

/**
 * Each case breaks a copy of the basic fixture after a good build and checks the one clear
 * message, exit code 1, no stack trace, the previous build/ left exactly as it was and no
 * temporary output folder left beside it.
 */
const breakWith = useBreakableSite();

describe('bad input', () => {
  it('malformed YAML front matter names file and line', async () => {
    const res = await breakWith('content/docs/guide/index.md', '---\ntitle: Guide\nsidebar_label: [oops\n---\nBody\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error content\/docs\/guide\/index\.md:\d+:\d+: invalid YAML front matter/m);
  });

  it('a front matter value of the wrong type names file and line', async () => {
    const res = await breakWith('content/docs/guide/index.md', '---\ntitle: Guide\nsidebar_position: abc\n---\nBody\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/docs/guide/index.md:3:1: front matter "sidebar_position": must be a number (got "abc")');
  });

  it('a config that throws on import names the config file', async () => {
    const res = await breakWith('site.config.ts', 'throw new Error("boom");\nexport default {};\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error site\.config\.ts: threw while loading: boom/m);
  });

  it('a config with a syntax error points at line and column', async () => {
    const res = await breakWith('site.config.ts', 'export default {\n  title: "x",,\n};\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error site\.config\.ts:2:\d+: /m);
  });

  it('an invalid config names the key path', async () => {
    const res = await breakWith('site.config.ts', 'export default { title: "x", url: "https://x.example", navbar: { items: [{ type: "foo" }] } };\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error site.config.ts:1:76: navbar.items[0].type: unknown navbar item type "foo"');
  });

  it('a navbar item that cannot render names its place in the config and shows it', async () => {
    const res = await breakWith('site.config.ts', 'export default { title: "x", url: "https://x.example", badges: [{ label: "Beta" }], navbar: { items: [{ label: "Docs", to: "/docs/" }, { type: "custom-signIn", label: "Sign In" }] } };\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error site.config.ts: navbar.items[1] failed to render: custom-signIn needs an "href"');
    expect(res.stderr).toContain('"type": "custom-signIn"');
  });

  it('a docSidebar item whose sidebar has no doc names the config path', async () => {
    const res = await breakWith('site.config.ts', 'export default { title: "x", url: "https://x.example", badges: [{ label: "Beta" }], sidebars: { empty: { items: [] } }, navbar: { items: [{ type: "docSidebar", sidebarId: "empty" }] } };\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error site.config.ts: navbar.items[0].sidebarId: sidebar "empty" has no doc to link to');
  });

  it('a missing config says what to create', async () => {
    const res = await breakWith('site.config.ts', null);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('no site.config.ts found');
  });

  it('a page module without a default export names the file', async () => {
    const res = await breakWith('content/pages/index.tsx', 'export const x = 1;\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/pages/index.tsx: page module has no default export');
  });

  it('a page module that throws while loading names the file', async () => {
    const res = await breakWith('content/pages/index.tsx', 'throw new Error("at import");\nexport default function P() { return null; }\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/pages/index.tsx: threw while loading: at import');
  });

  it('a page module that throws while rendering names the file', async () => {
    const res = await breakWith('content/pages/index.tsx', 'export default function P(): never { throw new Error("kaboom"); }\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/pages/index.tsx: threw while rendering: kaboom');
  });

  it('a broken link in a page module fails naming the module', async () => {
    const res = await breakWith('content/pages/index.tsx', 'export default function Home() { return <a href="/docs/guid/">Guide</a>; }\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('content/pages/index.tsx error broken link: /docs/guid/ → no such page; did you mean /docs/guide/?');
  });

  it('a redirect to a page that does not exist fails naming its line', async () => {
    const res = await breakWith('redirects.json', '[\n  { "from": "/old-intro", "to": "/docs/guide/cod" }\n]\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('redirects.json:2:1 error broken redirect: /old-intro → /docs/guide/cod: no such page; did you mean /docs/guide/code?');
  });

  it('a malformed redirect names the entry index and field where it stands', async () => {
    const res = await breakWith('redirects.json', '[\n  { "from": "/old-intro", "to": "/docs/" },\n  { "from": "/older", "too": "/docs/" }\n]\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(
      'error redirects.json:3:3: entry [1]: unknown field "too" (a redirect has "from" and "to")\n  hint: each entry is { "from": "/old-path", "to": "/docs/new-path" }\nbuild failed; build/ left unchanged\n',
    );
  });

  it('an open redirect is refused', async () => {
    const res = await breakWith('redirects.json', '[{ "from": "/old-intro", "to": "//evil.example/phish" }]');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error redirects.json:1:32: entry [0].to: "//evil.example/phish" leaves the site; a redirect must stay on it (a path starting with "/")');
  });

  it('a redirect loop and a redirect from a page fail; a chain is collapsed with a warning', async () => {
    const res = await breakWith(
      'redirects.json',
      '[\n  { "from": "/a", "to": "/b" },\n  { "from": "/b", "to": "/a" },\n  { "from": "/docs/guide/code", "to": "/docs/" },\n  { "from": "/c", "to": "/old-intro" },\n  { "from": "/old-intro", "to": "/docs/" }\n]\n',
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      [
        'redirects.json:2:1 error redirect loop: /a → /b → /a never reaches a page',
        '  hint: point one of them at a page',
        'redirects.json:3:1 error redirect loop: /b → /a → /b never reaches a page',
        '  hint: point one of them at a page',
        'redirects.json:4:1 error redirect conflict: /docs/guide/code is a page of the site',
        '  hint: remove the redirect, or the page',
        'redirects.json:5:1 warning redirect chain: /c → /old-intro → /docs/ collapsed to /c → /docs/',
        '  hint: point /c at /docs/',
        '1 redirect chain, 1 redirect conflict, 2 redirect loops',
      ].join('\n'),
    );
  });

  it('a missing content folder says what to create', async () => {
    const bare = copyFixture('basic');
    rmSync(path.join(bare, 'content'), { recursive: true });
    const res = await docgen(bare, ['build']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/: no content/ folder');
  });
});
