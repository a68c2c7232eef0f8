import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build } from '../../generator/build.ts';
import { PARALLEL_THRESHOLD } from '../../generator/markdown/pool.ts';
import { copyFixture } from '../helpers.ts';

/** A site with enough docs that the Markdown stage goes to worker threads. */
function largeSite(): string {
  const dir = copyFixture('basic');
  const folder = path.join(dir, 'content', 'docs', 'many');
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < PARALLEL_THRESHOLD; i++) {
    writeFileSync(path.join(folder, `page-${i}.md`), `---\ntitle: Page ${i}\n---\n\n## Section\n\nText of page ${i}.\n\n\`\`\`js\nconst value = ${i};\n\`\`\`\n`);
  }
  return dir;
}

function pages(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.html'));
  return Object.fromEntries(files.map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name), 'utf8')]));
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('build from the sources', () => {
  it('renders on worker threads, as the CLI does, with the same pages as the main thread', async () => {
    const root = largeSite();
    vi.stubEnv('DOCGEN_WORKERS', '2');
    const threaded = await build({ root, outDir: path.join(root, 'threaded'), cache: false });
    expect(threaded.ok).toBe(true);
    expect(threaded.workers).toBe(2);
    expect(threaded.rendered).toBeGreaterThan(PARALLEL_THRESHOLD);
    vi.stubEnv('DOCGEN_WORKERS', '0');
    const inline = await build({ root, outDir: path.join(root, 'inline'), cache: false });
    expect(inline.workers).toBe(0);
    expect(pages(path.join(root, 'threaded'))).toEqual(pages(path.join(root, 'inline')));
  }, 120_000);
});
