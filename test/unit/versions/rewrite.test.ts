import { describe, expect, it } from 'vitest';
import { moveDocLinks } from '../../../generator/versions/rewrite.ts';

const move = (md: string) => moveDocLinks(md, '/docs', '/docs/2.0.0', ['1.0.0']);

describe('moveDocLinks', () => {
  it('moves inline links, definitions and HTML links into the version', () => {
    expect(move('See [a](/docs/api/tokens#rotate) and [b](/docs/) and [c](/docs).')).toBe('See [a](/docs/2.0.0/api/tokens#rotate) and [b](/docs/2.0.0/) and [c](/docs/2.0.0).');
    expect(move('[ref]: /docs/guide "Guide"')).toBe('[ref]: /docs/2.0.0/guide "Guide"');
    expect(move('<a class="card" href="/docs/guide/x">x</a>')).toBe('<a class="card" href="/docs/2.0.0/guide/x">x</a>');
    expect(move('[angle](</docs/a b>)')).toBe('[angle](</docs/2.0.0/a b>)');
  });

  it('leaves code, other sites, other routes and links to older versions alone', () => {
    const code = '```bash\ncurl https://x.example/docs/a\necho "[a](/docs/b)"\n```\n[after](/docs/c)';
    expect(move(code)).toBe('```bash\ncurl https://x.example/docs/a\necho "[a](/docs/b)"\n```\n[after](/docs/2.0.0/c)');
    expect(move('~~~~\n```\n[in](/docs/x)\n~~~~\n[out](/docs/y)')).toBe('~~~~\n```\n[in](/docs/x)\n~~~~\n[out](/docs/2.0.0/y)');
    expect(move('[a](https://site.example/docs/x) [b](/docsearch) [c](/blog/docs/x) text /docs/x')).toBe('[a](https://site.example/docs/x) [b](/docsearch) [c](/blog/docs/x) text /docs/x');
    expect(move('[old](/docs/1.0.0/guide) [new](/docs/1.0.0x/guide)')).toBe('[old](/docs/1.0.0/guide) [new](/docs/2.0.0/1.0.0x/guide)');
  });
});
