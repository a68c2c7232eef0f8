import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../generator/config/index.ts';
import { readContent } from '../../../generator/content/index.ts';
import { MarkdownCache, renderDocs } from '../../../generator/markdown/index.ts';
import { FIXTURES } from '../../helpers.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The features fixture copied to a temp folder, its config and content read. */
async function featuresSite() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-markdown-stage-'));
  dirs.push(root);
  cpSync(path.join(FIXTURES, 'features'), root, { recursive: true });
  const { config } = await loadConfig(root);
  return { root, config, content: await readContent(root, config) };
}

describe('the Markdown stage', () => {
  it('does not hold back the docs that use no component while the components compile', async () => {
    const { root, config, content } = await featuresSite();
    const order: string[] = [];
    const cache = new MarkdownCache(path.join(root, 'cache'), 'salt', false);
    await renderDocs(content, config, cache, root, { onDoc: (doc) => order.push(doc.id) });
    // comp.md uses a component and comes before guards.md in the content; guards.md uses none.
    const ids = content.docs.map((d) => d.id);
    expect(ids.indexOf('comp')).toBeLessThan(ids.indexOf('guards'));
    expect(order).toHaveLength(content.docs.length);
    expect(order.indexOf('guards')).toBeLessThan(order.indexOf('comp'));
  }, 60_000);

  it('highlights the code of the docs it renders in this thread where `highlight` says', async () => {
    const { root, config, content } = await featuresSite();
    const sent: string[] = [];
    const highlight = async (blocks: { lang: string }[]) => blocks.map((b) => (sent.push(b.lang), `<pre>${b.lang} from elsewhere</pre>`));
    const { rendered } = await renderDocs(content, config, new MarkdownCache(path.join(root, 'cache'), 'salt', false), root, { highlight });
    expect(sent.length).toBeGreaterThan(0);
    expect([...rendered.values()].some((r) => r.html().includes(`<pre>${sent[0]} from elsewhere</pre>`))).toBe(true);
  }, 60_000);
});
