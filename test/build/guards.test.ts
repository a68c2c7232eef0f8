import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read } from '../helpers.ts';

/**
 * The CI guards on the features fixture, with the real CLI: `--check-code` on its samples,
 * `redirect_from`, and a deliberate rename caught against the previous build and against a
 * production sitemap given with --previous.
 */
let site: string;
let out: string;
let first: Awaited<ReturnType<typeof docgen>>;
const doc = (name: string) => path.join(site, 'content/docs', name);

beforeAll(async () => {
  site = copyFixture('features');
  out = path.join(site, 'build');
  first = await docgen(site, ['build', '--strict', '--check-code']);
}, 120_000);

describe('docgen build --check-code', () => {
  it('parses every sample of the checked languages, placeholders included, and says how many', () => {
    expect(first.code, first.stderr).toBe(0);
    // The fixture's other pages (other features) have samples too.
    const [, total, list] = /check-code: (\d+) code blocks parsed \(([^)]*)\)/.exec(first.stdout) ?? [];
    expect(list.split(', ').map((part) => part.split(' ')[1])).toEqual(['json', 'jsx', 'python', 'shell', 'ts', 'tsx', 'yaml']);
    expect(list.split(', ').reduce((n, part) => n + Number(part.split(' ')[0]), 0)).toBe(Number(total));
    expect(Number(total)).toBeGreaterThanOrEqual(8);
  });

  it('fails on a syntax error at the Markdown line, naming the line in the block', async () => {
    const text = readFileSync(doc('guards.md'), 'utf8');
    writeFileSync(doc('guards.md'), text.replace('"id": "tok_…",', '"id": "tok_…"'));
    try {
      const res = await docgen(site, ['build', '--check-code']);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`content/docs/guards.md:15:3 error code syntax error: JSON code block (\`\`\`json), its line 3: Expected ',' or '}' after property value\n  hint: fix the sample;`);
      expect(res.stderr).toContain('1 code syntax error');
      // Without the option, nothing is parsed.
      expect((await docgen(site, ['build'])).code).toBe(0);
    } finally {
      writeFileSync(doc('guards.md'), text);
    }
  });
});

describe('redirect_from', () => {
  it('redirects the old route to the page', () => {
    expect(read(out, 'docs/checks/index.html')).toContain('<meta http-equiv="refresh" content="0; url=/docs/guards">');
    expect(read(out, '_redirects')).toContain('/docs/checks /docs/guards 301\n');
  });
});

describe('moved pages', () => {
  it('a rename fails the --strict build with the redirect to add, leaving build/ as it was', async () => {
    const sitemap = read(out, 'sitemap.xml');
    const line = sitemap.split('\n').findIndex((l) => l.includes('/docs/guards<')) + 1;
    renameSync(doc('guards.md'), doc('ci-guards.md'));
    try {
      const res = await docgen(site, ['build', '--strict']);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(
        `build/sitemap.xml:${line}:1 error moved page: /docs/guards was a page of the previous build and is neither a page nor a redirect now\n` +
          '  hint: add to redirects.json: { "from": "/docs/guards", "to": "/docs/ci-guards" }, (or redirect_from: [/docs/guards] in the front matter of the page at /docs/ci-guards)\n' +
          'moved pages: add to redirects.json\n  { "from": "/docs/guards", "to": "/docs/ci-guards" },\n',
      );
      expect(read(out, 'sitemap.xml')).toBe(sitemap);
      const warned = await docgen(site, ['build', '--out', 'build-2', '--previous', 'build/sitemap.xml']);
      expect(warned.code).toBe(0);
      expect(warned.stderr).toContain(`build/sitemap.xml:${line}:1 warning moved page: /docs/guards`);
      expect(existsSync(path.join(site, 'build-2/docs/ci-guards/index.html'))).toBe(true);
    } finally {
      renameSync(doc('ci-guards.md'), doc('guards.md'));
    }
  });

  it('passes once the old route redirects, and finds nothing against an unchanged site', async () => {
    writeFileSync(path.join(site, 'prod-sitemap.xml'), read(out, 'sitemap.xml').replace('</urlset>', '<url><loc>https://docs.features.example/docs/checks</loc></url>\n</urlset>'));
    const res = await docgen(site, ['build', '--strict', '--previous', 'prod-sitemap.xml']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toBe('');
  });
});
