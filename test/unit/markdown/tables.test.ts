import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../generator/markdown/render.ts';

const render = async (body: string) => (await renderMarkdown({ docId: 'a', source: 'content/docs/a.md', body, bodyLine: 1, apiBaseUrl: '' })).html;

describe('the prose column of a table', () => {
  it('marks every cell of the column with the longest text, header included', async () => {
    const html = await render(
      [
        '| Parameter | Type | Description |',
        '| --- | --- | --- |',
        '| `decoupled_challenge_max_time` | integer | How long, in minutes, you are willing to wait for a challenge. |',
        '| `purchase_info` | object | The purchase being authenticated, when there is one. |',
      ].join('\n'),
    );
    expect(html.match(/class="table__prose"/g)).toHaveLength(3);
    expect(html).toContain('<th class="table__prose">Description</th>');
    expect(html).not.toMatch(/<td class="table__prose"><code>/);
  });

  it('marks nothing in a table of short values, nor in a table without body rows', async () => {
    expect(await render('| Key | Value |\n| --- | --- |\n| a | `true` |\n| b | `false` |')).not.toContain('table__prose');
    expect(await render('| Key | Value |\n| --- | --- |')).not.toContain('table__prose');
  });
});
