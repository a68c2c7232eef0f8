import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../generator/config/index.ts';
import { buildMeta } from '../../../generator/meta/index.ts';
import type { Doc, OutputFile } from '../../../generator/model.ts';
import { fakeDoc } from '../../helpers.ts';
import { createToken } from '../openapi/view/operations.ts';

const { config } = parseConfig({
  title: 'Site',
  tagline: 'All of it.',
  url: 'https://docs.example.com',
  sidebars: { guides: { label: 'Guides', dir: 'guides' }, api: { label: 'API', dir: 'api' } },
});

function doc(id: string, body: string, description?: string, version?: string): Doc {
  return { ...fakeDoc(id, { title: id.split('/').pop() }), body, raw: `---\ntitle: x\n---\n${body}`, description, version };
}

const contents = (files: OutputFile[], path: string) => {
  const c = files.find((f) => f.path === path)!.contents;
  return String(typeof c === 'function' ? c() : c);
};

describe('llms-full.txt', () => {
  it('holds every latest doc under the order of llms.txt: sidebars as configured, each in sidebar order', () => {
    const docs = [doc('api/tokens', 'Tokens.\n'), doc('guides/b', '# B itself\n\nSecond.\n'), doc('guides/a', 'First.\n', 'The first guide.'), doc('version-1/guides/a', 'Old.\n', undefined, '1')];
    const sidebars = { guides: [{ type: 'doc' as const, id: 'guides/b', label: 'B', href: '/docs/guides/b', badges: [] }, { type: 'doc' as const, id: 'guides/a', label: 'A', href: '/docs/guides/a', badges: [] }], api: [] };
    const full = contents(buildMeta(docs, [], config, sidebars), 'llms-full.txt');
    expect(full).toBe(
      '# Site\n\n> All of it.\n\n' +
        '# B itself\n\nSource: https://docs.example.com/docs/guides/b\n\nSecond.\n\n' +
        '# a\n\nSource: https://docs.example.com/docs/guides/a\n\n> The first guide.\n\nFirst.\n\n' +
        '# tokens\n\nSource: https://docs.example.com/docs/api/tokens\n\nTokens.\n',
    );
    const listed = [...contents(buildMeta(docs, [], config, sidebars), 'llms.txt').matchAll(/\((\S+)\.md\)/g)].map((m) => m[1]);
    expect([...full.matchAll(/^Source: (\S+)$/gm)].map((m) => m[1])).toEqual(listed);
  });

  it('writes out the operations a doc shows, as its published Markdown does', () => {
    const api = doc('api/tokens', '## Create\n\n::operation{id="createToken" show="endpoint"}\n');
    const full = contents(buildMeta([api], [], config, {}, new Map([[createToken.id, createToken]])), 'llms-full.txt');
    expect(full).toContain('## Create\n\n`POST /tokens`');
    expect(full).not.toContain('::operation');
  });
});
