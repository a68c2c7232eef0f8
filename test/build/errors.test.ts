import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen } from '../helpers.ts';

/**
 * Each case breaks a copy of the basic fixture after a good build and checks the one clear
 * message, exit code 1, no stack trace, and the previous build/ left exactly as it was.
 */
let site: string;
let goodIndex: string;

beforeAll(async () => {
  site = copyFixture('basic');
  expect((await docgen(site, ['build'])).code).toBe(0);
  goodIndex = readFileSync(path.join(site, 'build', 'docs', 'index.html'), 'utf8');
});

async function breakWith(file: string, contents: string | null): Promise<{ stderr: string; code: number }> {
  const full = path.join(site, file);
  const original = readFileSync(full, 'utf8');
  if (contents === null) rmSync(full);
  else writeFileSync(full, contents);
  try {
    const res = await docgen(site, ['build']);
    expect(readFileSync(path.join(site, 'build', 'docs', 'index.html'), 'utf8')).toBe(goodIndex);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    return res;
  } finally {
    writeFileSync(full, original);
  }
}

describe('bad input', () => {
  it('malformed YAML front matter names file and line', async () => {
    const res = await breakWith('content/docs/guide/index.md', '---\ntitle: Guide\nsidebar_label: [oops\n---\nBody\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error content\/docs\/guide\/index\.md:\d+:\d+: invalid YAML front matter/m);
  });

  it('a front matter value of the wrong type names file and line', async () => {
    const res = await breakWith('content/docs/guide/index.md', '---\ntitle: Guide\nsidebar_position: abc\n---\nBody\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/docs/guide/index.md:3:1: front matter "sidebar_position": Invalid input: expected number, received string (got "abc")');
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
    expect(res.stderr).toContain('error site.config.ts: navbar.items[0].type: unknown navbar item type "foo"');
  });

  it('a navbar item that cannot render names its place in the config and shows it', async () => {
    const res = await breakWith('site.config.ts', 'export default { title: "x", url: "https://x.example", navbar: { items: [{ label: "Docs", to: "/docs/" }, { type: "custom-signIn", label: "Sign In" }] } };\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error site.config.ts: navbar.items[1] failed to render: custom-signIn needs an "href"');
    expect(res.stderr).toContain('"type": "custom-signIn"');
  });

  it('a docSidebar item whose sidebar has no doc names the config path', async () => {
    const res = await breakWith('site.config.ts', 'export default { title: "x", url: "https://x.example", sidebars: { empty: [] }, navbar: { items: [{ type: "docSidebar", sidebarId: "empty" }] } };\n');
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

  it('a broken link fails with file:line:col; a broken anchor only warns unless --strict', async () => {
    const res = await breakWith('content/docs/guide/index.md', '---\ntitle: Guide\n---\n\nSee [x](/docs/nope) and [y](/docs/guide/cod).\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('content/docs/guide/index.md:5:5 error broken link: /docs/nope → no such page\n');
    expect(res.stderr).toContain('content/docs/guide/index.md:5:25 error broken link: /docs/guide/cod → no such page; did you mean /docs/guide/code?');
    expect(res.stderr).toContain('\n2 broken links\n');
    const file = path.join(site, 'content/docs/guide/index.md');
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, '---\ntitle: Guide\n---\n\nSee [x](/docs/nope).\n');
      const reported = await docgen(site, ['build', '--report', 'report.json']);
      expect(reported.code).toBe(1);
      const report = JSON.parse(readFileSync(path.join(site, 'report.json'), 'utf8'));
      expect(report.ok).toBe(false);
      expect(report.diagnostics).toEqual([
        expect.objectContaining({ severity: 'error', kind: 'broken link', location: { file: 'content/docs/guide/index.md', line: 5, column: 5 } }),
      ]);
      writeFileSync(file, '---\ntitle: Guide\n---\n\nSee [x](/docs/#nowhere).\n');
      const warn = await docgen(site, ['build']);
      expect(warn.code).toBe(0);
      expect(warn.stderr).toContain('content/docs/guide/index.md:5:5 warning broken anchor');
      const strict = await docgen(site, ['build', '--strict']);
      expect(strict.code).toBe(1);
      expect(strict.stderr).toContain('content/docs/guide/index.md:5:5 error broken anchor');
    } finally {
      writeFileSync(file, original);
    }
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

  it('a broken relative .md link fails naming the missing file', async () => {
    const res = await breakWith('content/docs/guide/index.md', '---\ntitle: Guide\n---\n\nSee [x](./missing.md).\n');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('content/docs/guide/index.md:5:5 error broken markdown link: ./missing.md → no such file content/docs/guide/missing.md');
  });

  it('a missing content folder says what to create', async () => {
    const bare = copyFixture('basic');
    rmSync(path.join(bare, 'content'), { recursive: true });
    const res = await docgen(bare, ['build']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/: no content/ folder');
  });
});
