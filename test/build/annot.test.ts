import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read } from '../helpers.ts';

/** The features fixture built with the real CLI: its page of annotated code and images (content/docs/annot.md). */
let dir: string;
let html: string;

beforeAll(async () => {
  dir = copyFixture('features');
  const res = await docgen(dir, ['build', '--strict']);
  expect(res.stderr).not.toMatch(/warning|error/i);
  expect(res.code).toBe(0);
  html = read(dir, 'build/docs/annot/index.html');
}, 120_000);

const linesOf = (language: string) => {
  const figure = new RegExp(`<figure class="code-block" data-language="${language}"[^>]*>[\\s\\S]*?</figure>`).exec(html)![0];
  return [...figure.matchAll(/<span class="line" data-line=""([^>]*)>/g)].map((m) => m[1].trim());
};

describe('annotated code blocks in a build', () => {
  it('writes no notation and classes the lines it named', () => {
    expect(html).not.toContain('[!code');
    expect(linesOf('js')).toEqual(['', 'data-diff="remove"', 'data-diff="add"', '']);
    expect(linesOf('python')).toEqual(['', 'data-focused=""', 'data-focused=""', '']);
    expect(html).toContain('<figure class="code-block" data-language="python" data-has-focus="">');
    expect(linesOf('yaml')).toEqual(['', 'data-highlighted-line=""', 'data-level="error"', 'data-level="warning"', '']);
    expect(linesOf('html')).toEqual(['data-diff="add"']);
  });

  it('gives content images the width and height of their files', () => {
    const png = readFileSync(path.join(dir, 'content/docs/annot-grid.png'));
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(imgs).toEqual([
      `<img src="/assets/img/annot-grid.b02492f5.png" width="${png.readUInt32BE(16)}" height="${png.readUInt32BE(20)}" alt="A grid of squares">`,
      expect.stringMatching(/^<img src="\/assets\/img\/annot-flow\.[0-9a-f]{8}\.svg" width="300" height="100" alt="Two boxes joined by a line">$/),
    ]);
  });

  it('follows an edited image on a warm build, and is byte-identical when nothing changed', async () => {
    expect((await docgen(dir, ['build', '--strict'])).code).toBe(0);
    expect(read(dir, 'build/docs/annot/index.html')).toBe(html);
    const svg = path.join(dir, 'content/docs/annot-flow.svg');
    writeFileSync(svg, readFileSync(svg, 'utf8').replace('viewBox="0 0 300 100"', 'viewBox="0 0 600 150"'));
    expect((await docgen(dir, ['build', '--strict'])).code).toBe(0);
    expect(read(dir, 'build/docs/annot/index.html')).toMatch(/annot-flow\.[0-9a-f]{8}\.svg" width="600" height="150"/);
  }, 120_000);
});
