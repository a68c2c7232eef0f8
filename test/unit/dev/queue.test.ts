import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryFiles } from '../../../generator/dev/files.ts';
import { CACHE_CHANGED, EditQueue, REST_OF_START } from '../../../generator/dev/queue.ts';
import { DevSession } from '../../../generator/dev/session.ts';
import { Entry } from '../../../generator/serve/http.ts';

const SITE: Record<string, string> = {
  'site.config.ts': `import { defineConfig } from 'docgen';\nexport default defineConfig({ title: 'Unit', url: 'https://unit.example', sidebars: { docs: { dir: '' } } });\n`,
  'redirects.json': '[]',
  'content/docs/index.md': '---\ntitle: Home\n---\n\nHome.\n',
  'content/docs/a.md': '---\ntitle: Page A\n---\n\nFirst page.\n',
  'content/docs/b.md': '---\ntitle: Page B\n---\n\nSecond page.\n',
};

let sessions: DevSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  sessions = [];
});

async function start() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-dev-queue-'));
  for (const [rel, text] of Object.entries(SITE)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  const served = new MemoryFiles({ transform: (_p, b) => b, failed: (p, err) => new Entry(p, Buffer.from(String(err)), 500) });
  const session = new DevSession(root, served);
  sessions.push(session);
  expect((await session.start()).ok).toBe(true);
  const edit = (rel: string, from: string, to: string) => {
    const file = path.join(root, rel);
    writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
    return file;
  };
  const page = (p: string) => served.get(p)?.body.toString() ?? '';
  return { session, edit, page };
}

describe('an edit saved while the run of the one before goes on', () => {
  it('ends that run between stages; the next run serves the newest page and brings what the ended run would have', async () => {
    const { session, edit, page } = await start();
    const told: string[][] = [];
    let second: string | undefined;
    const first = await session.update([edit('content/docs/a.md', 'First page.', 'First page, edited.')], (r) => {
      told.push(r.changed);
      // The first edit's page is shown and its run goes on: a second save arrives.
      second = edit('content/docs/b.md', 'Second page.', 'Second page, edited.');
      session.supersede();
    });
    expect(first).toMatchObject({ ok: false, abandoned: true });
    expect(told[0]).toContain('docs/a/index.html');
    expect(page('docs/a/index.html')).toContain('First page, edited.');
    const shown: string[][] = [];
    const next = await session.update([second!], (r) => shown.push(r.changed));
    // The second edit's page is served before its run (the ended run changed a doc's Markdown only).
    expect(shown[0]).toContain('docs/b/index.html');
    expect(next.ok).toBe(true);
    expect(page('docs/b/index.html')).toContain('Second page, edited.');
    // The source of the first edit, which only the ended run would have published, is served too.
    expect(next.changed).toContain('docs/a.md');
    expect(page('docs/a.md')).toContain('First page, edited.');
    expect(page('docs/a/index.html')).toContain('First page, edited.');
  });

  it('leaves a run that reloads the pages to end', async () => {
    const { session, edit } = await start();
    const config = edit('site.config.ts', "title: 'Unit'", "title: 'Unit 2'");
    const running = session.update([config], () => session.supersede());
    expect(await running).toMatchObject({ ok: true, reload: true });
  });
});

describe('the edit queue', () => {
  it('tells `newer` when a change arrives while a batch of edits is applied, once, and not during a marker batch', async () => {
    let release!: () => void;
    const applied: string[][] = [];
    let newer = 0;
    const queue = new EditQueue(
      async (batch) => {
        applied.push(batch);
        if (applied.length === 1) await new Promise<void>((r) => (release = r));
      },
      () => newer++,
    );
    queue.add(['/a.md']);
    await new Promise((r) => setImmediate(r));
    queue.add(['/b.md']);
    queue.add(['/c.md']);
    expect(newer).toBe(1);
    release();
    await queue.stop();
    expect(applied).toEqual([['/a.md'], ['/b.md', '/c.md']]);
  });

  it('tells `newer` as soon as a change is seen, before its batch is added', async () => {
    let release!: () => void;
    let newer = 0;
    const queue = new EditQueue(() => new Promise<void>((r) => (release = r)), () => newer++);
    queue.seen();
    expect(newer).toBe(0);
    queue.add(['/a.md']);
    await new Promise((r) => setImmediate(r));
    queue.seen();
    expect(newer).toBe(1);
    release();
    await queue.stop();
  });

  it('does not tell `newer` while the rest of a start or a cache change is applied', async () => {
    let release!: () => void;
    let newer = 0;
    const queue = new EditQueue(
      (batch) => (batch.includes(REST_OF_START) || batch.includes(CACHE_CHANGED) ? new Promise<void>((r) => (release = r)) : Promise.resolve()),
      () => newer++,
    );
    queue.add([REST_OF_START]);
    await new Promise((r) => setImmediate(r));
    queue.add(['/b.md']);
    release();
    await queue.stop();
    expect(newer).toBe(0);
  });
});
