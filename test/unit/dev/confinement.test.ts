import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryFiles } from '../../../generator/dev/files.ts';
import { DevSession } from '../../../generator/dev/session.ts';
import { Entry } from '../../../generator/serve/http.ts';

/** The dev server reads content through the same checks as the build: hostile edits are reported, never served. */
const SITE: Record<string, string> = {
  'site.config.ts': "import { defineConfig } from 'docgen';\nexport default defineConfig({ title: 'Unit', url: 'https://unit.example' });\n",
  'content/docs/index.md': '---\ntitle: Home\n---\n\nHome page.\n',
  'content/docs/guide/b.md': '---\ntitle: Page B\nsidebar_position: 2\n---\n\nSecond page.\n',
};

let sessions: DevSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  sessions = [];
});

async function start() {
  const box = mkdtempSync(path.join(os.tmpdir(), 'docgen-dev-confine-'));
  const root = path.join(box, 'site');
  for (const [rel, text] of Object.entries(SITE)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  writeFileSync(path.join(box, 'secret.md'), '---\ntitle: Secret\n---\nTOPSECRET\n');
  const served = new MemoryFiles({ transform: (_p, b) => b, failed: (p, err) => new Entry(p, Buffer.from(String(err)), 500) });
  const session = new DevSession(root, served);
  sessions.push(session);
  expect((await session.start(false)).ok).toBe(true);
  const write = (rel: string, text: string) => {
    writeFileSync(path.join(root, rel), text);
    return path.join(root, rel);
  };
  return { box, root, session, served, write };
}

describe('dev: content that would leave the site', () => {
  it('a slug climbing out of the output is reported at its line, and the page stays as it was', async () => {
    const { session, served, write } = await start();
    await session.update([write('content/docs/guide/b.md', '---\ntitle: Page B\nslug: ../../../README\n---\n\nSecond page.\n')]);
    expect(session.errors()).toMatchObject([{ location: { file: 'content/docs/guide/b.md', line: 3, column: 1 }, message: 'front matter "slug": "../../../README" has a ".." segment; a page must stay inside the site' }]);
    expect(served.get('docs/guide/b/index.html')?.body.toString()).toContain('Second page.');
    expect([...served.paths()].some((p) => p.includes('README'))).toBe(false);
  });

  it('a doc linked outside the project is reported naming the link, and not served', async () => {
    const { root, session, served } = await start();
    const link = path.join(root, 'content/docs/leak.md');
    symlinkSync('../../../secret.md', link);
    await session.update([link]);
    expect(session.errors()).toMatchObject([{ location: { file: 'content/docs/leak.md' }, message: 'is a symbolic link to ../../../secret.md, outside the project: docgen publishes nothing from outside it' }]);
    expect(served.get('docs/leak/index.html')).toBeUndefined();
  });
});
