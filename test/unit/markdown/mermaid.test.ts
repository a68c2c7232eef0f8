import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../../generator/errors.ts';
import { checkDiagrams, syntaxError } from '../../../generator/markdown/mermaid.ts';
import { renderMarkdown } from '../../../generator/markdown/render.ts';
import { diagramHtml } from '../../../generator/markdown/visitors/diagram.ts';

const job = (body: string) => ({ docId: 'd', source: 'content/docs/d.md', body, bodyLine: 4, apiBaseUrl: 'https://api.example.com' });

describe('mermaid blocks in Markdown', () => {
  it('become a figure whose source is open, escaped, under a summary; the title is its caption', () => {
    expect(diagramHtml('flowchart LR\n  A --> B<x>', 'title="Token & life"')).toMatchInlineSnapshot(
      `"<figure class="diagram" data-diagram="mermaid"><figcaption class="diagram__title">Token &amp; life</figcaption><details class="diagram__source" open><summary>Diagram source (Mermaid)</summary><pre tabindex="0"><code>flowchart LR\n  A --&gt; B&lt;x&gt;</code></pre></details></figure>"`,
    );
    expect(diagramHtml('pie', '')).not.toContain('figcaption');
  });

  it('are not highlighted, and a good one reports nothing', async () => {
    const out = await renderMarkdown(job('Text.\n\n```mermaid\nsequenceDiagram\n  A->>B: hi\n```\n\n```js\nlet a = 1;\n```\n'));
    expect(out.diagnostics).toEqual([]);
    expect(out.html).toContain('<figure class="diagram" data-diagram="mermaid">');
    expect(out.html).toContain('A-&gt;&gt;B: hi');
    expect(out.html.match(/class="shiki"/g)).toHaveLength(1);
    expect(out).not.toHaveProperty('diagrams');
  });

  it('report a syntax error at the Markdown line of the bad line in the block, indented blocks too', async () => {
    const out = await renderMarkdown(job('Text.\n\n- item\n\n  ```mermaid\n  sequenceDiagram\n    A->>B: fine\n    A->>B oops\n  ```\n'));
    expect(out.diagnostics.map(formatDiagnostic)).toMatchInlineSnapshot(`
      [
        "content/docs/d.md:11:9 error diagram: mermaid diagram does not parse (line 3 of the block): Expecting 'TXT', got 'NEWLINE'
        hint: fix the diagram; https://mermaid.js.org/intro/syntax-reference.html lists each diagram type's syntax",
      ]
    `);
  });

  it('name an unknown diagram type at the first line, and errors of the newer parsers by their line', async () => {
    const found = await checkDiagrams(
      [
        { code: 'notADiagram\n  x', line: 10, column: 1 },
        { code: 'pie\n  "a": 1\n  "b" 2', line: 20, column: 1 },
        { code: 'stateDiagram-v2\n  [*] --> A\n  A -> B', line: 30, column: 1 },
      ],
      'content/docs/x.md',
    );
    expect(found.map((d) => [d.location.line, d.message])).toEqual([
      [10, 'mermaid diagram does not parse (line 1 of the block): no diagram type: the first line names none that mermaid knows'],
      [22, expect.stringMatching(/^mermaid diagram does not parse \(line 3 of the block\): Expecting token of type ':' but found `2`/)],
      [32, expect.stringMatching(/^mermaid diagram does not parse \(line 3 of the block\): Expecting /)],
    ]);
  });

  it('leave errors that are not about syntax to the browser', () => {
    expect(syntaxError(new TypeError('document is not defined'))).toBeUndefined();
  });
});
