import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../generator/markdown/render.ts';
import { createToken, getToken } from '../openapi/view/operations.ts';

const render = (body: string) => renderMarkdown({ docId: 't', source: 'content/docs/t.md', body, bodyLine: 5, apiBaseUrl: 'https://api.example.com', operations: { createToken, getToken } });

describe('::operation', () => {
  it('renders the endpoint line, permissions, request and responses under the heading above it', async () => {
    const r = await render('## Create a token\n\n::operation{id="createToken"}\n');
    expect(r.html).toContain('<div class="endpoint"><span class="endpoint__method endpoint__method--post">POST</span><code class="endpoint__url">https://api.example.com/tokens</code><button class="copy-button endpoint__copy" type="button" data-copy="https://api.example.com/tokens"');
    expect(r.html).toContain('<code class="permission">token:create</code>');
    expect(r.toc.map((t) => [t.text, t.level])).toEqual([
      ['Create a token', 2], ['Permissions', 3], ['Request', 3], ['Header parameters', 4], ['Request body', 4], ['Responses', 3], ['201 Created', 4], ['400 Bad Request', 4],
    ]);
    expect(r.html).toContain('<h3 id="permissions" class="anchor">Permissions<a href="#permissions"');
    expect(r.diagnostics).toEqual([]);
  });

  it('lists fields with type, required, allowed values and Markdown descriptions; nested ones in <details>', async () => {
    const r = await render('## Create\n\n::operation{id="createToken" show="request"}\n');
    expect(r.html).toContain('<li class="api-field"><div class="api-field__head"><code class="api-field__name">type</code> <span class="api-field__type">string</span> <span class="api-field__badge api-field__badge--required">required</span></div><div class="api-field__description"><p>What <code>data</code> holds.</p></div><p class="api-field__fact"><span class="api-field__label">Allowed values: </span><code>"card"</code>, <code>"bank"</code></p></li>');
    expect(r.html).toContain('<details class="api-field__more"><summary>Card</summary><ul class="api-fields">');
    expect(r.html).toContain('<details class="api-field__more"><summary><code>billing</code> 2 fields</summary>');
    expect(r.html).toContain('<a href="/docs/tokens">tokens</a>');
    expect(r.links).toContainEqual({ url: '/docs/tokens', line: 7, column: 1 });
    expect(r.html).not.toContain('>id<');
  });

  it('generates a highlighted cURL sample only when the page has none', async () => {
    const generated = await render('## Get\n\n::operation{id="getToken"}\n');
    expect(generated.html).toMatch(/<pre class="shiki[^>]*>[\s\S]*curl[\s\S]*tok_1\?size=20/);
    const written = await render('## Get\n\n::operation{id="getToken" show="endpoint,permissions"}\n\n### Request\n\n```shell\ncurl "https://api.example.com/tokens/xyz" -H "X-API-KEY: k"\n```\n\n::operation{id="getToken" show="request,responses"}\n');
    expect(written.html.match(/curl/g)).toHaveLength(1);
    expect(written.toc.map((t) => t.text)).toEqual(['Get', 'Permissions', 'Request', 'Path parameters', 'Query parameters', 'Responses', '200 OK']);
  });

  it('uses a part heading the page wrote just above the directive, singular or plural', async () => {
    const r = await render('## Create\n\n::operation{id="createToken" show="endpoint,request"}\n\n### Response\n\nIt returns the token.\n\n::operation{id="createToken" show="responses"}\n\n### Permissions\n\n::operation{id="createToken" show="permissions"}\n');
    expect(r.toc.map((t) => `${t.level} ${t.text}`)).toEqual(['2 Create', '3 Request', '4 Header parameters', '4 Request body', '3 Response', '4 201 Created', '4 400 Bad Request', '3 Permissions']);
  });

  it('shows response examples as highlighted JSON and folds error fields', async () => {
    const r = await render('## Create\n\n::operation{id="createToken" show="responses"}\n');
    expect(r.html).toContain('<details class="api-field__more"><summary>Response fields</summary>');
    expect(r.html).toMatch(/<pre class="shiki[\s\S]*tok_1/);
  });

  it('makes the operation a search document headed by its method and path, linking to its section', async () => {
    const r = await render('## Create\n\nIntro.\n\n::operation{id="createToken" show="endpoint"}\n\nMore.\n');
    expect(r.sections).toEqual([
      { heading: 'Create', anchor: 'create', text: 'Intro.' },
      { heading: 'POST /tokens', anchor: 'create', text: 'Create a token More.' },
    ]);
  });

  it('reports a part shown twice, an unknown part and an operation the page was not given', async () => {
    const r = await render('## A\n\n::operation{id="getToken" show="endpoint"}\n\n::operation{id="getToken" show="endpoint,curl"}\n\n::operation{id="nope"}\n');
    expect(r.diagnostics.map((d) => `${d.location?.line} ${d.message}`)).toEqual([
      '9 ::operation show="endpoint,curl": unknown part "curl" (parts: endpoint, permissions, request, responses)',
      '9 ::operation{id="getToken"} shows "endpoint" a second time on this page',
      '11 ::operation{id="nope"}: the page was given no such operation',
    ]);
    expect(r.html.match(/class="endpoint"/g)).toHaveLength(1);
  });
});
