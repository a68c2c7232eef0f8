import { afterEach, describe, expect, it } from 'vitest';
import { highlightBlock } from '../../../generator/markdown/highlight.ts';
import { HighlighterThread } from '../../../generator/markdown/highlighter-thread.ts';
import { renderMarkdown } from '../../../generator/markdown/render.ts';

const BLOCKS = [
  { lang: 'ts', meta: 'title="a.ts" {2}', code: 'const a: number = 1;\nexport function f() {\n  return a;\n}' },
  { lang: 'nosuchlanguage', meta: '', code: 'plain <text> & more' },
  { lang: 'bash', meta: '', code: 'curl -X POST "https://api.example.com/v1/tokens" \\\n  -H "VL-API-KEY: $KEY"' },
];

let thread: HighlighterThread | undefined;
afterEach(async () => {
  await thread?.close();
  thread = undefined;
});

describe('the highlighter thread', () => {
  it('gives the HTML this thread gives, block for block, its grammars warmed or not', async () => {
    thread = new HighlighterThread(['ts', 'json']);
    const here = await Promise.all(BLOCKS.map((b) => highlightBlock(b)));
    expect(await thread.highlight(BLOCKS)).toEqual(here);
    expect(await thread.highlight([BLOCKS[2], BLOCKS[0]])).toEqual([here[2], here[0]]);
  }, 60_000);

  it('answers the blocks sent before it closes, and highlights those sent after in this thread', async () => {
    thread = new HighlighterThread([]);
    const here = await Promise.all(BLOCKS.map((b) => highlightBlock(b)));
    const pending = thread.highlight(BLOCKS);
    const closed = thread.close();
    expect(await pending).toEqual(here);
    await closed;
    expect(await thread.highlight([BLOCKS[1]])).toEqual([here[1]]);
  }, 60_000);

  it('renders a doc as this thread does when its code is highlighted there', async () => {
    thread = new HighlighterThread([]);
    const job = { docId: 'a', source: 'content/docs/a.md', body: `# A\n\nText.\n\n\`\`\`ts\n${BLOCKS[0].code}\n\`\`\`\n\n## B\n\n\`\`\`bash\n${BLOCKS[2].code}\n\`\`\`\n`, bodyLine: 1, apiBaseUrl: '' };
    const sent: number[] = [];
    const there = await renderMarkdown(job, (blocks) => (sent.push(blocks.length), thread!.highlight(blocks)));
    expect(sent).toEqual([2]);
    expect(there).toEqual(await renderMarkdown(job));
    expect(there.html).toContain('<span class="line"');
  }, 60_000);
});
