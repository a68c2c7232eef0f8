import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryFiles } from '../../../generator/dev/files.ts';
import { DevSession } from '../../../generator/dev/session.ts';
import { isPageFile } from '../../../generator/render/paths.ts';
import { Entry } from '../../../generator/serve/http.ts';
import { copyFixture } from '../../helpers.ts';

let sessions: DevSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  sessions = [];
});

async function start() {
  const root = copyFixture('versions');
  const served = new MemoryFiles({ transform: (_p, b) => b, failed: (p, err) => new Entry(p, Buffer.from(String(err)), 500) });
  const session = new DevSession(root, served);
  sessions.push(session);
  expect((await session.start(false)).ok).toBe(true);
  const edit = (rel: string, from: string, to: string) => {
    const file = path.join(root, rel);
    writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
    return file;
  };
  return { root, session, served, edit, page: (p: string) => served.get(p)?.body.toString() ?? '' };
}

describe('docgen dev with older versions', () => {
  it('shows a body-only edit to an older version\'s page first and alone, as for the latest', async () => {
    const { session, edit, page } = await start();
    const told: string[][] = [];
    const result = await session.update([edit('versioned_docs/version-1.0.0/guide/quasar.md', 'one by one', 'one at a time')], (r) => told.push(r.changed));
    expect(told.map((c) => c.filter(isPageFile))).toEqual([['docs/1.0.0/guide/quasar/index.html']]);
    expect(page('docs/1.0.0/guide/quasar/index.html')).toContain('one at a time');
    expect(result.changed.filter(isPageFile)).toEqual([]);
    expect(result.changed).toContain('docs/1.0.0/guide/quasar.md');
  });

  it('reads a version\'s changed sidebars, and versions.json with the config', async () => {
    const { root, session, page } = await start();
    const sidebar = () => (JSON.parse(page('_chunks/docs/2.0.0/guide/install.json')).doc.sidebar as { href: string }[]).map((n) => n.href);
    expect(sidebar()).toEqual(['/docs/2.0.0/guide/install']);
    const sidebars = path.join(root, 'versioned_sidebars/version-2.0.0-sidebars.json');
    writeFileSync(sidebars, JSON.stringify({ docs: { label: 'Docs', dir: '' } }));
    expect((await session.update([sidebars])).ok).toBe(true);
    expect(sidebar()).toEqual(['/docs/2.0.0/api/', '/docs/2.0.0/guide/', '/docs/2.0.0/']);
    const versions = path.join(root, 'versions.json');
    writeFileSync(versions, '["2.0.0"]');
    const config = path.join(root, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("{ name: '1.0.0', label: '1.0.0 (legacy)', noIndex: true },", ''));
    expect((await session.update([versions, config])).ok).toBe(true);
    expect(page('docs/1.0.0/guide/quasar/index.html')).toBe('');
    expect(page('docs/2.0.0/guide/install/index.html')).toContain('This is documentation for');
  });
});
