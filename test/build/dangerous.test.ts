import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read } from '../helpers.ts';

/**
 * Content that would run script in a reader's browser: links and images with `javascript:`,
 * `vbscript:` or non-image `data:` URLs, in Markdown and in raw HTML, however they are spelled.
 */
const DOC = [
  '---',
  'title: Hostile',
  '---',
  '',
  'A [plain](javascript:alert(1)) link and an [encoded one](jav&#x09;ascript:alert(2)).',
  '',
  '<p><a href="&#106;avascript&colon;alert(3)">raw</a> <iframe title="f" src="data:text/html,&lt;script&gt;alert(4)&lt;/script&gt;"></iframe></p>',
  '',
  'An image ![fine](data:image/gif;base64,R0lGODlhAQABAAAAACw=) and <a href="https://example.com/" target="_blank" rel="nofollow">a new tab</a>.',
  '',
].join('\n');

const REPORT = [
  'content/docs/hostile.md:5:3 error dangerous link: "javascript:alert(1)" is a javascript: URL, which runs script when followed; it was removed from the page',
  '  hint: link to a page or an https:// address; behaviour belongs in the theme',
  'content/docs/hostile.md:5:44 error dangerous link: "jav\\tascript:alert(2)" is a javascript: URL, which runs script when followed; it was removed from the page',
  '  hint: link to a page or an https:// address; behaviour belongs in the theme',
  'content/docs/hostile.md:7:7 error dangerous link: "javascript:alert(3)" is a javascript: URL, which runs script when followed; it was removed from the page',
  '  hint: link to a page or an https:// address; behaviour belongs in the theme',
  'content/docs/hostile.md:7:71 error dangerous link: "data:text/html,<script>alert(4)</script>" is a data: URL outside an image; it was removed from the page',
  '  hint: publish the file and link to it; a data: URL is allowed only as an image source',
];

let site: string;

beforeAll(() => {
  site = copyFixture('basic');
  writeFileSync(path.join(site, 'content', 'docs', 'hostile.md'), DOC);
});

function setLevel(level: string) {
  const config = path.join(site, 'site.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace(/\n {2}onDangerousLinks: '\w+',|(?<=url: 'https:\/\/docs\.fixture\.example',)/, `\n  onDangerousLinks: '${level}',`));
}

describe('dangerous links in content', () => {
  it('fail the build by default, each named at file:line:column, and build/ is not written', async () => {
    const res = await docgen(site, ['build']);
    expect(res.code).toBe(1);
    expect(res.stderr.split('\n').slice(0, REPORT.length)).toEqual(REPORT);
    expect(res.stderr).toContain('4 dangerous links');
    expect(() => read(site, 'build/index.html')).toThrow();
  });

  it("with onDangerousLinks: 'warn' build, and the pages carry none of the URLs", async () => {
    setLevel('warn');
    const res = await docgen(site, ['build']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain(REPORT[0].replace(' error ', ' warning '));
    const html = read(site, 'build/docs/hostile/index.html');
    const chunk = read(site, 'build/_chunks/docs/hostile.json');
    for (const out of [html, chunk]) {
      expect(out).not.toMatch(/(href|src)=\\?["']?[^"'\\]*(javascript|&#106;|jav&#x09;|data:text)/i);
      expect(out).toContain('data:image/gif;base64,R0lGODlhAQABAAAAACw=');
    }
    expect(html).toContain('<a>plain</a>');
    expect(html).toContain('<a href="https://example.com/" target="_blank" rel="nofollow noopener noreferrer">a new tab</a>');
  });

  it("with onDangerousLinks: 'ignore' build silently, the URLs still removed", async () => {
    setLevel('ignore');
    const res = await docgen(site, ['build']);
    expect(res.code).toBe(0);
    expect(res.stderr).not.toContain('dangerous link');
    expect(read(site, 'build/docs/hostile/index.html')).toContain('<a>plain</a>');
  });
});
