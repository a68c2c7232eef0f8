import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MERMAID_ENTRY, mermaidFolder } from '../../common/diagrams.ts';
import { copyFixture, docgen, read } from '../helpers.ts';

const { version } = createRequire(import.meta.url)('mermaid/package.json') as { version: string };
const runtime = `build/${mermaidFolder(version)}`;

const BROKEN = ['---', 'title: Broken', '---', '', 'Text.', '', '```mermaid', 'sequenceDiagram', '  A->>B: fine', '  A->>B oops', '```', ''].join('\n');

let site: string;

beforeAll(() => {
  site = copyFixture('features');
});

describe('mermaid diagrams in a build', () => {
  it('give each block a figure with its source, and publish mermaid beside the site', async () => {
    const res = await docgen(site, ['build', '--strict']);
    expect(res.stderr).not.toMatch(/warning|error/);
    expect(res.code).toBe(0);
    const html = read(site, 'build/docs/mermaid/index.html');
    expect(html.match(/<figure class="diagram" data-diagram="mermaid">/g)).toHaveLength(2);
    expect(html).toContain('<figcaption class="diagram__title">A payment, step by step</figcaption>');
    expect(html).toContain('<summary>Diagram source (Mermaid)</summary><pre tabindex="0"><code>sequenceDiagram\n  participant Shop');
    expect(existsSync(path.join(site, runtime, MERMAID_ENTRY))).toBe(true);
    const chunks = readdirSync(path.join(site, runtime, 'chunks', 'mermaid.esm.min'));
    expect(chunks.length).toBeGreaterThan(50);
    expect(chunks.every((c) => c.endsWith('.mjs'))).toBe(true);
  });

  it('fail at the Markdown line of a bad diagram, from the cache as well', async () => {
    writeFileSync(path.join(site, 'content', 'docs', 'broken.md'), BROKEN);
    const line = "content/docs/broken.md:10:7 error diagram: mermaid diagram does not parse (line 3 of the block): Expecting 'TXT', got 'NEWLINE'";
    for (const _run of [1, 2]) {
      const res = await docgen(site, ['build']);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(line);
    }
    rmSync(path.join(site, 'content', 'docs', 'broken.md'));
  });

  it('publish no diagram code for a site without a diagram', async () => {
    rmSync(path.join(site, 'content', 'docs', 'mermaid.md'));
    // Another site, not a page moved away from the previous build.
    rmSync(path.join(site, 'build'), { recursive: true, force: true });
    const res = await docgen(site, ['build', '--strict']);
    expect(res.code).toBe(0);
    expect(existsSync(path.join(site, 'build', 'assets', 'mermaid'))).toBe(false);
  });
});
