import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARALLEL_FROM, startReaderEarly } from '../../../generator/content/parallel.ts';
import { readContentFiles, type ContentShape } from '../../../generator/content/read.ts';
import type { DocgenError } from '../../../generator/errors.ts';

const shape: ContentShape = { routeBase: '/docs', badges: ['beta'] };

/**
 * A site large enough for the reading thread, with what it must hand back as the main thread
 * would read it: a YAML error and a bad badge late in the list, a YAML binary, a link leading
 * outside the project, docs without a title.
 */
function largeSite(): string {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-parallel-'));
  const root = path.join(parent, 'site');
  const docs = path.join(root, 'content', 'docs');
  for (let i = 0; i < PARALLEL_FROM + 100; i++) {
    const folder = path.join(docs, `part-${String(i % 7)}`, `group-${String(i % 13)}`);
    mkdirSync(folder, { recursive: true });
    const front = i % 5 === 0 ? '' : `---\ntitle: Page ${i}\nsidebar_position: ${i}\nkeywords: [${i}, k]\n${i % 3 === 0 ? 'badges: [beta]\n' : ''}---\n`;
    writeFileSync(path.join(folder, `page-${String(i).padStart(4, '0')}.md`), `${front}\n# Heading ${i}\n\nBody of page ${i}.\n`);
  }
  writeFileSync(path.join(docs, 'part-6', 'zz-bad-yaml.md'), '---\ntitle: [unclosed\n---\nBody\n');
  writeFileSync(path.join(docs, 'part-6', 'zz-bad-badge.md'), '---\ntitle: Badge\nbadges: [betta]\n---\nBody\n');
  writeFileSync(path.join(docs, 'part-5', 'zz-binary.md'), '---\ntitle: Binary\nlogo: !!binary aGVsbG8=\n---\nBody\n');
  writeFileSync(path.join(parent, 'secret.md'), '---\ntitle: Secret\n---\nTOPSECRET\n');
  symlinkSync(path.join(parent, 'secret.md'), path.join(docs, 'part-6', 'zz-link.md'));
  return root;
}

/** The docs read, and each file's failure, with or without the reading thread. */
async function read(root: string, parallel: boolean) {
  if (parallel) startReaderEarly(root);
  const failures: [string, string, unknown, string | undefined][] = [];
  const files = await readContentFiles(root, shape, (key, err) => failures.push([path.relative(root, key), err.message, err.location, err.hint]));
  return { docs: [...files.docs], failures };
}

describe('reading a large site on two threads', () => {
  const root = largeSite();

  it('gives the docs, in the same order and with the same contents, that one thread gives', async () => {
    const one = await read(root, false);
    const two = await read(root, true);
    expect(one.docs.length).toBe(PARALLEL_FROM + 101);
    expect(two.docs).toEqual(one.docs);
    const binary = two.docs.find(([f]) => f.endsWith('zz-binary.md'))![1];
    expect(Buffer.isBuffer(binary.frontMatter.logo)).toBe(true);
    expect(two.docs.find(([f]) => f.endsWith('page-0005.md'))![1].title).toBe('Heading 5');
  });

  it('reports the same failures, each at its file and line, in the same order', async () => {
    const one = await read(root, false);
    const two = await read(root, true);
    expect(two.failures).toEqual(one.failures);
    expect(two.failures.map(([file, message]) => [file, message.split(':')[0]])).toEqual([
      ['content/docs/part-6/zz-bad-badge.md', 'front matter "badges"'],
      ['content/docs/part-6/zz-bad-yaml.md', 'invalid YAML front matter'],
      ['content/docs/part-6/zz-link.md', expect.stringContaining('is a symbolic link to')],
    ]);
    expect(two.failures[1][2]).toEqual({ file: 'content/docs/part-6/zz-bad-yaml.md', line: 3, column: expect.any(Number) });
  });

  it('stops at the first failure, as one thread does, when nothing collects them', async () => {
    startReaderEarly(root);
    const err = await readContentFiles(root, shape).then(() => undefined, (e: DocgenError) => e);
    expect(err?.location?.file).toBe('content/docs/part-6/zz-bad-badge.md');
    expect(err?.message).toContain('no badge "betta"; did you mean "beta"?');
  });
});
