import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSearch } from '../../theme/components/SearchBar/shards.ts';
import { search, type SearchPointer } from '../../theme/components/SearchBar/query.ts';
import { copyFixture, docgen, read } from '../helpers.ts';

/** The openapi fixture built: its API pages rendered from the description, for readers and programs. */
let out: string;
let built: Awaited<ReturnType<typeof docgen>>;

beforeAll(async () => {
  const site = copyFixture('openapi');
  out = path.join(site, 'build');
  built = await docgen(site, ['build', '--strict']);
}, 120_000);

const tokens = () => read(out, 'docs/api/tokens/index.html');

describe('::operation on the openapi fixture', () => {
  it('builds --strict with no warning', () => {
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(/0 warnings, 0 errors/);
  });

  it('renders each operation with its endpoint, permissions, fields in <details> and responses', () => {
    const html = tokens();
    expect(html.match(/<div class="endpoint">/g)).toHaveLength(4);
    expect(html).toContain('<code class="endpoint__url">https://api.fixture.example/v1/tokens/{id}</code>');
    expect(html).toContain('<code class="permission">tokens:write</code>');
    expect(html).toMatch(/<details class="api-field__more"><summary><code>card<\/code> 4 fields<\/summary>/);
    expect(html).toContain('<h4 id="201-created" class="anchor">201 Created');
  });

  it('puts the generated headings in the table of contents with unique ids', () => {
    const toc = JSON.parse(/"toc":(\[.*?\])/.exec(tokens())![1]) as { id: string; text: string; level: number }[];
    expect(toc.slice(0, 5).map((t) => `${t.level} ${t.id}`)).toEqual(['2 create-a-token', '3 permissions', '3 request', '3 responses', '2 get-a-token']);
    expect(new Set(toc.map((t) => t.id)).size).toBe(toc.length);
  });

  it('generates a cURL sample only for the operations the page has none of', () => {
    const html = tokens();
    const sections = html.split(/<h2 /).slice(1);
    expect(sections.map((s) => /<pre[^>]*>[\s\S]*?curl/.test(s))).toEqual([true, true, true, true]);
    expect(sections[0].match(/VL-API-KEY/g)).toHaveLength(1);
    expect(sections[1]).toContain('VL-API-KEY: &lt;SECRET_KEY&gt;');
  });

  it('finds an operation by method and path in search', () => {
    const pointer = JSON.parse(read(out, 'search-files.json')) as SearchPointer;
    const { docs, index } = readSearch((file) => JSON.parse(read(out, file)), pointer);
    const top = (q: string) => search(index, docs, q, 8).slice(0, 3).map((h) => h.url);
    expect(top('POST /tokens')).toContain('/docs/api/tokens#create-a-token');
    expect(top('DELETE /tokens')).toContain('/docs/api/tokens#delete-a-token');
    expect(top('POST /payments')).toContain('/docs/api/payments#create-a-payment');
  });

  it('publishes the operations as Markdown in the page source and lists them in llms.txt', () => {
    const md = readFileSync(path.join(out, 'docs/api/tokens.md'), 'utf8');
    expect(md).not.toContain('::operation');
    expect(md).toContain('`POST https://api.fixture.example/v1/tokens`');
    expect(md).toContain('#### Request body\n\nRequired, `application/json`, object.\n\n- `card` (object, required)\n  - `number` (string, required)');
    expect(read(out, 'llms.txt')).toContain('- [Tokens](https://docs.fixture.example/docs/api/tokens.md)\n  - `POST /tokens`: Create a token\n  - `GET /tokens/{id}`: Get a token');
  });
});
