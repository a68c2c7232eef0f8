// The Hugo site the bench compares docgen with (test/bench/hugo.mjs): it must hold the corpus's
// pages and code blocks, and Hugo must build all of it, highlighted and without complaint, or the
// side-by-side times Hugo on less work than docgen.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianPackage } from '../../apt.mjs';
import { writeCorpus } from '../../bench/corpus.mjs';
import { buildHugoOnce, convertMarkdown, HUGO, hugoAvailable, writeHugoSite } from '../../bench/hugo.mjs';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'docgen-hugo-test-'));
const corpus = path.join(tmp, 'corpus');
const site = path.join(tmp, 'hugo');
const out = path.join(tmp, 'out');

const files = (dir: string, ext: string) => readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith(ext)).sort();
const read = (...p: string[]) => readFileSync(path.join(...p), 'utf8');
/** Opening code fences (a fence line outside a block). */
const fences = (text: string) => text.split('\n').filter((l) => l.startsWith('```')).length / 2;
const docsOf = (root: string) => path.join(root, 'content', 'docs');

beforeAll(() => {
  writeCorpus(30, corpus);
  writeHugoSite(corpus, site);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('writeHugoSite on a 30-page corpus', () => {
  it('writes every page (index.md as the docs section page) and a page per folder', () => {
    const pages = files(docsOf(corpus), '.md');
    const categories = files(docsOf(corpus), '_category_.json');
    expect(pages).toHaveLength(30);
    const expected = [...pages.map((f) => f.replace(/(^|\/)index\.md$/, '$1_index.md')), ...categories.map((f) => f.replace('_category_.json', '_index.md'))].sort();
    expect(files(docsOf(site), '.md')).toEqual(expected);
    const { label, position } = JSON.parse(read(docsOf(corpus), categories[0]));
    expect(read(docsOf(site), categories[0].replace('_category_.json', '_index.md'))).toBe(`---\ntitle: ${JSON.stringify(label)}\nweight: ${position}\n---\n`);
  });

  it('keeps the same code blocks, languages and lines, page by page', () => {
    let total = 0;
    for (const f of files(docsOf(corpus), '.md').filter((f) => !f.endsWith('index.md'))) {
      const before = read(docsOf(corpus), f);
      const after = read(docsOf(site), f);
      expect(fences(after)).toBe(fences(before));
      expect(after.match(/^```\w+/gm)).toEqual(before.match(/^```\w+/gm));
      expect(after.split('\n').length).toBe(before.split('\n').length);
      total += fences(before);
    }
    expect(total).toBeGreaterThanOrEqual(29 * 3);
  });

  it('turns admonitions into the shortcode and maps front matter', () => {
    const all = files(docsOf(corpus), '.md').map((f) => [read(docsOf(corpus), f), read(docsOf(site), f.replace(/(^|\/)index\.md$/, '$1_index.md'))]);
    const count = (re: RegExp) => (text: string) => (text.match(re) ?? []).length;
    expect(all.map(([a]) => count(/^:::(note|tip|warning)$/gm)(a))).toEqual(all.map(([, b]) => count(/^\{\{< admonition (note|tip|warning) >\}\}$/gm)(b)));
    expect(all.every(([, b]) => !/^:::/m.test(b) && /^weight: \d+$/m.test(b) && !/sidebar_position/.test(b))).toBe(true);
  });
});

describe('convertMarkdown', () => {
  it('maps id, slug and sidebar_position, and fence meta to Hugo attributes', () => {
    const md = ['---', 'title: "A: b"', 'id: custom', 'sidebar_position: 4', '---', '', '```ts title="a.ts" showLineNumbers', ':::note', '```', '', ':::tip', 'x', ':::'].join('\n');
    expect(convertMarkdown(md)).toBe(['---', 'title: "A: b"', 'slug: custom', 'weight: 4', '---', '', '```ts {title="a.ts" linenos=inline}', ':::note', '```', '', '{{< admonition tip >}}', 'x', '{{< /admonition >}}'].join('\n'));
    expect(convertMarkdown('---\nslug: /guides/start\n---\n')).toBe('---\nurl: /docs/guides/start/\n---\n');
    expect(convertMarkdown('---\nslug: start\n---\n```bash\nls\n```')).toBe('---\nslug: start\n---\n```bash\nls\n```');
  });
});

describe('Hugo builds the site', () => {
  let result: ReturnType<typeof buildHugoOnce>;
  beforeAll(() => {
    const missing = ensureDebianPackage('hugo', HUGO);
    if (missing) throw new Error(missing);
    result = buildHugoOnce(site, out);
  });

  it('finds hugo and prints nothing (no error, no warning such as a broken link)', () => {
    expect(hugoAvailable()).toBe(HUGO);
    expect(result.output).toBe('');
    expect(result.seconds).toBeGreaterThan(0);
    expect(result.cpu).toBeGreaterThan(0);
    expect(result.rss).toBeGreaterThan(1024 * 1024);
  });

  it('writes one HTML page per doc and per folder, each with its title and highlighted code', () => {
    const pages = files(docsOf(corpus), '.md');
    expect(result.pages).toBe(pages.length + files(docsOf(corpus), '_category_.json').length);
    for (const f of pages) {
      const html = read(out, 'docs', f.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, ''), 'index.html');
      const md = read(docsOf(corpus), f);
      const title = /^title: (.*)$/m.exec(md)![1];
      expect(html).toContain(`<h1>${title}</h1>`);
      expect((html.match(/<pre tabindex="0" class="chroma">/g) ?? []).length).toBe(fences(md));
      expect(html).not.toMatch(/href="[^"]*\.md[#"]|:::|raw HTML omitted/);
    }
    const page = read(out, 'docs', pages.find((f) => !f.endsWith('index.md'))!.replace(/\.md$/, ''), 'index.html');
    expect(page).toMatch(/<span class="(k|nt|s|p|nx)">/);
    expect(page).toContain('<nav id="TableOfContents">');
    expect(page).toContain('aria-current="page"');
    expect(page).toMatch(/class="admonition admonition-(note|tip|warning)"/);
  });

  it('starts cold: nothing in resources/ or the previous output survives into the next build', () => {
    mkdirSync(path.join(site, 'resources', '_gen', 'images'), { recursive: true });
    writeFileSync(path.join(site, 'resources', '_gen', 'images', 'stale.png'), 'x');
    writeFileSync(path.join(out, 'docs', 'stale.html'), 'x');
    const again = buildHugoOnce(site, out);
    expect(again.pages).toBe(result.pages);
    expect(existsSync(path.join(site, 'resources', '_gen', 'images', 'stale.png'))).toBe(false);
    expect(existsSync(path.join(out, 'docs', 'stale.html'))).toBe(false);
  });
});
