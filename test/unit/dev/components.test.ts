import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryFiles } from '../../../generator/dev/files.ts';
import { DevSession } from '../../../generator/dev/session.ts';
import { isPageFile } from '../../../generator/render/paths.ts';
import { Entry } from '../../../generator/serve/http.ts';

const SITE: Record<string, string> = {
  'site.config.ts': `import { defineConfig } from 'docgen';\nexport default defineConfig({ title: 'Unit', url: 'https://unit.example', sidebars: { docs: { dir: '' } } });\n`,
  'content/components/box.tsx': `import type { ComponentProps } from 'docgen';\nexport default function Box({ children }: ComponentProps) {\n  return <div className="box">{children}</div>;\n}\n`,
  'content/docs/index.md': '---\ntitle: Home\n---\n\nNo component here.\n',
  'content/docs/boxed.md': '---\ntitle: Boxed\n---\n\n:::box\nInside the **box**.\n:::\n',
};

let session: DevSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('docgen dev and components', () => {
  it('re-renders the pages using a component when it is edited, and only those', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-dev-comp-'));
    for (const [rel, text] of Object.entries(SITE)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    }
    const served = new MemoryFiles({ transform: (_p, b) => b, failed: (p, err) => new Entry(p, Buffer.from(String(err)), 500) });
    session = new DevSession(root, served);
    const first = await session.start(false);
    expect(first.ok, session.errors().map((e) => e.message).join('\n')).toBe(true);
    const page = (p: string) => served.get(p)?.body.toString() ?? '';
    expect(page('docs/boxed/index.html')).toContain('<div class="box"><p>Inside the <strong>box</strong>.</p></div>');

    const file = path.join(root, 'content/components/box.tsx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('className="box"', 'className="box box--edited"'));
    const result = await session.update([file]);
    expect(result.ok, session.errors().map((e) => e.message).join('\n')).toBe(true);
    expect(result.changed.filter(isPageFile).sort()).toEqual(['docs/boxed.html', 'docs/boxed/index.html'].filter(isPageFile).sort());
    expect(page('docs/boxed/index.html')).toContain('<div class="box box--edited">');
  }, 60_000);
});
