import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { siteBodies } from '../site-docs.ts';
import { constructNames, remarkGfmGated } from '../../../generator/markdown/syntax.ts';

const full = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();
const gated = unified().use(remarkParse).use(remarkGfmGated).use(remarkDirective).freeze();

const EDGES = [
  'a\n:-\n', 'a\n-:\n', 'a\n---\n', '> a\n> :-:\n', '| a |\n| - |\n| b |',
  'Note[^1].\n\n[^1]: The note.', 'no ~~strike~~ and ~one~', '- [ ] open\n- [x] done\n- [X] done', '- [\t] tab',
  'mail a@b.example, see www.example.com or HTTPS://EXAMPLE.COM/x_y_', 'www,example.com and http:/x and mailto:x',
  'only mail: a@b.example, hello@x.co, mailto:c@d.example, a@.b, a@b.-c, -@b.c_ and @Override', 'www.a@b.co and a@b.co',
  'only links: www.example.com/x?y=1 and https://a.example/b_ (hi@there) @decorator', 'xmpp:a@b.example/c and a.b@c',
  '~~~js\nfenced ~ code\n~~~', '[^] not a note', ':::note\n| in | a |\n|--|--|\n:::',
];

describe('GFM constructs chosen per doc', () => {
  it('parse every doc of the real site and the fixtures into the tree remark-gfm gives', () => {
    const all = siteBodies();
    expect(all.length).toBeGreaterThan(300);
    for (const { file, body } of all) expect(JSON.stringify(gated.parse(body)), file).toBe(JSON.stringify(full.parse(body)));
    // ~750 parses: seconds alone, over a minute beside the rest of the suite on two cores.
  }, 240_000);

  it.each(EDGES)('parse edge cases alike: %j', (text) => {
    expect(gated.parse(text)).toEqual(full.parse(text));
  });

  it('leave out only the constructs a text cannot hold', () => {
    expect(constructNames('Plain prose: `code`, **bold** and a [link](/docs/).')).toEqual([]);
    expect(constructNames('a\n:-')).toEqual(['table']);
    expect(constructNames('x@y.example')).toEqual(['autolink literal (e-mail)']);
    expect(constructNames('@Override and user@localhost, see https://a.example')).toEqual(['autolink literal (URL)']);
    expect(constructNames('x@y.example or www.example.com')).toEqual(['autolink literal']);
    expect(constructNames('Note[^1] ~~old~~ - [x] done')).toEqual(['footnote', 'strikethrough', 'task list item']);
  });

  it('still parses each construct where it is present', () => {
    const types = (text: string) => JSON.stringify(gated.parse(text)).match(/"type":"\w+"/g);
    expect(types('a ~~b~~')).toContain('"type":"delete"');
    expect(types('a[^1]\n\n[^1]: b')).toContain('"type":"footnoteDefinition"');
    expect(types('| a |\n| - |')).toContain('"type":"table"');
    expect(types('- [x] a')).toContain('"type":"listItem"');
    expect(JSON.stringify(gated.parse('- [x] a'))).toContain('"checked":true');
  });
});
