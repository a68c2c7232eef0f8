import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, docgen } from '../helpers.ts';

const LANGS = ['js', 'python', 'go', 'json', 'bash', 'kotlin'];

/** A site large enough that the Markdown stage spreads over worker threads. */
function largeSite(): string {
  const dir = copyFixture('basic');
  for (let i = 0; i < 72; i++) {
    const folder = path.join(dir, 'content', 'docs', `many`, `group-${i % 6}`);
    mkdirSync(folder, { recursive: true });
    const lang = LANGS[i % LANGS.length];
    writeFileSync(
      path.join(folder, `page-${i}.md`),
      `---\ntitle: Page ${i}\ndescription: Generated page ${i}.\n---\n\n## Section one\n\nText with a [link](/docs/) and **bold**.\n\n\`\`\`${lang} title=example showLineNumbers\n// highlight-next-line\nvalue = ${i}\n\`\`\`\n\n:::tip\nA tip.\n:::\n\n## Section two\n\n| a | b |\n|---|---|\n| ${i} | x |\n`,
    );
  }
  return dir;
}

function snapshot(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.join(prefix, e.name);
    if (e.isDirectory()) Object.assign(out, snapshot(dir, rel));
    // The search files are named by the build's timestamp: compared without it.
    else out[rel.replace(/^(search-doc|lunr-index)-\d+\.json$/, '$1-<ts>.json')] = readFileSync(path.join(dir, rel), 'utf8').replace(/(search-doc|lunr-index)-\d+\.json/g, '$1-<ts>.json');
  }
  return out;
}

describe('rendering on worker threads', () => {
  it('gives the same site as rendering in the main thread', async () => {
    const site = largeSite();
    const threaded = await docgen(site, ['build', '--no-cache', '--verbose', '--out', 'threaded'], { DOCGEN_WORKERS: '2' });
    expect(threaded.code).toBe(0);
    expect(threaded.stderr).toMatch(/rendered \d+ docs on 2 worker threads/);
    const inline = await docgen(site, ['build', '--no-cache', '--verbose', '--out', 'inline'], { DOCGEN_WORKERS: '0' });
    expect(inline.code).toBe(0);
    expect(inline.stderr).not.toMatch(/worker threads/);
    const a = snapshot(path.join(site, 'threaded'));
    const b = snapshot(path.join(site, 'inline'));
    expect(Object.keys(a).length).toBeGreaterThan(150);
    expect(a).toEqual(b);
    expect(a['docs/many/group-1/page-1/index.html']).toContain('data-language="python"');
  });
});
