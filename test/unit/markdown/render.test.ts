import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../generator/markdown/render.ts';
import { siteComponents } from './site-components.ts';

const BADGES = [{ label: 'Enterprise', tooltip: 'On the Enterprise plan' }, { label: 'Beta' }];
const render = async (body: string, bodyLine = 1) => renderMarkdown({ docId: 't', source: 'content/docs/t.md', body, bodyLine, apiBaseUrl: 'https://api.example.com', badges: BADGES, components: await siteComponents() });

describe('markdown rendering', () => {
  it('gives headings unique ids and anchor links, and collects the toc', async () => {
    const r = await render('## Set up\n\n## Set up\n\n### Deep `code`\n\n## Custom {#mine}\n\n#### Four\n');
    expect(r.toc.map((t) => [t.id, t.level])).toEqual([['set-up', 2], ['set-up-1', 2], ['deep-code', 3], ['mine', 2], ['four', 4]]);
    expect(r.html).toContain('<h2 id="set-up" class="anchor">Set up<a href="#set-up" class="hash-link" aria-label="Direct link to Set up" title="Direct link to Set up" translate="no">');
    expect(r.html).toContain('<h2 id="mine" class="anchor">Custom<a href="#mine"');
    expect(r.ids).toEqual(['set-up', 'set-up-1', 'deep-code', 'mine', 'four']);
  });

  it('keeps badges out of heading ids and anchor titles', async () => {
    const r = await render('## Search Tokens :badge[Enterprise]\n');
    expect(r.toc[0]).toEqual({ id: 'search-tokens', text: 'Search Tokens', level: 2 });
    expect(r.html).toContain('<span class="badge badge--enterprise"');
  });

  it('gives a badge of the config its class and tooltip, and any other the default class', async () => {
    const r = await render('Plans: :badge[Enterprise], :badge[beta] and :badge[Gold].\n');
    expect(r.html).toBe('<p>Plans: <span class="badge badge--enterprise" title="On the Enterprise plan">Enterprise</span>, <span class="badge badge--beta">beta</span> and <span class="badge badge--default">Gold</span>.</p>');
  });

  it('renders GFM: tables, task lists, strikethrough, autolinks, footnotes', async () => {
    const r = await render('| a |\n|---|\n| 1 |\n\n- [x] done\n\n~~old~~ https://example.com\n\nNote[^1].\n\n[^1]: Here.\n');
    expect(r.html).toContain('<table>');
    expect(r.html).toContain('type="checkbox" checked');
    expect(r.html).toContain('<del>old</del>');
    expect(r.html).toContain('<a href="https://example.com">https://example.com</a>');
    expect(r.html).toContain('data-footnotes');
  });

  it('names task-list checkboxes after their item, without its sub-items', async () => {
    const r = await render('- [x] Rotate the *API keys*\n  - [ ] staging\n- [ ] Enable logs\n');
    expect(r.html).toContain('<input type="checkbox" checked disabled aria-label="Rotate the API keys">');
    expect(r.html).toContain('<input type="checkbox" disabled aria-label="staging">');
    expect(r.html).toContain('<input type="checkbox" disabled aria-label="Enable logs">');
  });

  it('puts each table in a focusable scroll region named after the heading above it, each name once', async () => {
    const table = '| a |\n|---|\n| 1 |\n';
    const r = await render(`${table}\n## Query \`Parameters\`\n\n${table}\n${'text\n\n'}${table}`);
    const regions = [...r.html.matchAll(/<div class="table-scroll" role="region" aria-label="([^"]*)" tabindex="0"><table>/g)].map((m) => m[1]);
    expect(regions).toEqual(['Table', 'Query Parameters table', 'Query Parameters table 2']);
    expect(r.html.match(/<\/table><\/div>/g)).toHaveLength(3);
  });

  it('renders admonitions with optional titles', async () => {
    const r = await render(':::warning[Mind the gap]\nCareful.\n:::\n\n:::tip\nHi\n:::\n');
    expect(r.html).toContain('<div class="admonition admonition--warning" role="alert"><p class="admonition__title">Mind the gap</p><p>Careful.</p></div>');
    expect(r.html).toContain('<p class="admonition__title">Tip</p>');
  });

  it('renders tabs as an accessible tab list with one panel per tab', async () => {
    const r = await render('::::tabs{groupId="languages"}\n:::tab{label="cURL" value="curl"}\nA\n:::\n:::tab{label="Go"}\nB\n:::\n::::\n');
    expect(r.html).toContain('<div class="tabs" data-group-id="languages"><div role="tablist"');
    expect(r.html).toContain('role="tab" id="tab-1-0" aria-controls="tabpanel-1-0" aria-selected="true"');
    expect(r.html).toContain('data-value="go"');
    expect(r.html).toMatch(/role="tabpanel" id="tabpanel-1-1"[^>]*data-hidden/);
  });

  it('renders endpoints, permission chips and cards', async () => {
    const r = await render('::endpoint{method="post" path="/tokens"}\n\nNeeds :permission[token:create].\n\n::::cards\n:::card{href="/docs/" title="Start"}\nGo.\n:::\n::::\n');
    expect(r.html).toContain('<span class="endpoint__method endpoint__method--post">POST</span><code class="endpoint__url">https://api.example.com/tokens</code>');
    expect(r.html).toContain('<code class="permission">token:create</code>');
    expect(r.html).toContain('<a class="card" href="/docs/"><span class="card__title">Start</span>');
  });

  it('leaves prose that looks like a text directive alone', async () => {
    const r = await render('Grant token:create and ratio 3:2 and a:b{c}.\n');
    expect(r.html).toContain('token:create');
    expect(r.html).toContain('3:2');
  });

  it('highlights every supported language with one set of tokens (CSS variables)', async () => {
    const langs = ['js', 'ts', 'jsx', 'tsx', 'json', 'bash', 'shell', 'python', 'go', 'ruby', 'java', 'csharp', 'kotlin', 'swift', 'hcl', 'yaml', 'html', 'xml', 'css', 'http', 'diff'];
    const body = langs.map((l) => `\`\`\`${l}\nlet x = "value" // 1\n\`\`\``).join('\n\n');
    const r = await render(body);
    for (const l of langs) expect(r.html, l).toContain(`data-language="${l}"`);
    expect(r.html).toContain('<span class="s">');
    expect(r.html).not.toMatch(/#[0-9a-f]{6}/i);
    expect(r.html).not.toContain('style="color');
    expect(r.diagnostics).toEqual([]);
  });

  it('renders titles, line numbers and highlighted lines', async () => {
    const r = await render('```js title=app.js showLineNumbers\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n```\n');
    expect(r.html).toContain('<figure class="code-block" data-language="js"><figcaption class="code-block__title">app.js</figcaption><pre');
    expect(r.html).toContain('data-line-numbers');
    expect((r.html.match(/data-highlighted-line=""/g) ?? []).length).toBe(1);
    expect(r.html).not.toContain('highlight-next-line');
  });

  it('warns about an unknown language with file and line, and renders plain text', async () => {
    const r = await render('Text\n\n```klingon\nQapla\n```\n', 5);
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', kind: 'unknown language', location: { file: 'content/docs/t.md', line: 7, column: 1 } }),
    ]);
    expect(r.html).toContain('data-language="plaintext"');
  });

  it('records links and images with their source positions', async () => {
    const r = await render('Intro\n\nSee [a](/docs/a) and\n<a href="/docs/b" id="raw-id">b</a> ![c](./c.png) <img src="/img/d.svg">\n', 10);
    expect(r.links).toEqual([
      { url: '/docs/a', line: 12, column: 5 },
      { url: '/docs/b', line: 13, column: 4 },
      { url: './c.png', line: 13, column: 37 },
      { url: '/img/d.svg', line: 13, column: 56 },
    ]);
    expect(r.ids).toContain('raw-id');
  });

  it('records card links at the card, rewriting relative .md ones like Markdown links', async () => {
    const r = await render('::::cards\n:::card{href="/docs/a" title="A"}\nx\n:::\n:::card{href="../b.md#part" title="B"}\ny\n:::\n::::\n', 3);
    expect(r.links).toEqual([
      { url: '/docs/a', line: 4, column: 1 },
      { url: '../b.md#part', line: 7, column: 1 },
    ]);
    expect(r.html).toContain('<a class="card" href="docgen-md:content/b.md#part">');
  });

  it('knows every id the rendered HTML holds: headings, raw HTML, <a name>, tabs, footnotes', async () => {
    const r = await render(
      '## Title\n\n<div id=\'single\'></div><span id=bare></span><a name="old-anchor"></a><input name="not-an-anchor">\n\n::::tabs\n:::tab{label="A"}\nx\n:::\n::::\n\nNote[^1].\n\n[^1]: Here.\n\n`<b id="in-code">`\n',
    );
    expect(r.ids).toEqual(expect.arrayContaining(['title', 'single', 'bare', 'old-anchor', 'tab-1-0', 'tabpanel-1-0', 'user-content-fn-1', 'user-content-fnref-1']));
    expect(r.ids).not.toContain('not-an-anchor');
    expect(r.ids).not.toContain('in-code');
  });
});
