import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { mayHaveLiteralLinks, remarkCheapAutolinks } from '../../../generator/markdown/autolinks.ts';

const SAMPLES = [
  'Write to support@vaultline.example or see www.vaultline.example and https://vaultline.example/docs.',
  'Plain prose with a [Markdown link](https://vaultline.example) and `code@inline` only.',
  'mailto:a@b.example and xmpp:c@d.example/x, then HTTPS://LOUD.EXAMPLE.',
  '| a | b |\n|---|---|\n| www.example.com | x |\n\n> quote with https://x.example',
  'Nothing to link here: tokens, cards, 3-D Secure.',
];

describe('the literal-autolink pass', () => {
  it.each(SAMPLES)('gives the tree GFM gives: %s', (text) => {
    const plain = unified().use(remarkParse).use(remarkGfm).parse(text);
    const cheap = unified().use(remarkParse).use(remarkGfm).use(remarkCheapAutolinks).parse(text);
    expect(cheap).toEqual(plain);
  });

  it("replaces GFM's own pass in the processor", () => {
    const names = (p: { data(): unknown }) => ((p.data() as { fromMarkdownExtensions: unknown[] }).fromMarkdownExtensions.flat(Infinity) as { transforms?: { name: string }[] }[]).flatMap((e) => e.transforms ?? []).map((t) => t.name);
    expect(names(unified().use(remarkParse).use(remarkGfm).freeze())).toContain('transformGfmAutolinkLiterals');
    expect(names(unified().use(remarkParse).use(remarkGfm).use(remarkCheapAutolinks).freeze())).toEqual(['guarded']);
  });

  it('links bare URLs and addresses still', () => {
    const tree = unified().use(remarkParse).use(remarkGfm).use(remarkCheapAutolinks).parse(SAMPLES[0]);
    expect(JSON.stringify(tree).match(/"type":"link"/g)).toHaveLength(3);
  });

  it('is skipped only for trees whose text cannot hold a link', () => {
    const tree = (text: string) => unified().use(remarkParse).use(remarkGfm).parse(text);
    expect(mayHaveLiteralLinks(tree(SAMPLES[1]))).toBe(false);
    expect(mayHaveLiteralLinks(tree(SAMPLES[4]))).toBe(false);
    expect(mayHaveLiteralLinks(tree('- item\n  - see WWW.example.com'))).toBe(true);
    expect(mayHaveLiteralLinks(tree('*a@b.example*'))).toBe(true);
  });
});
