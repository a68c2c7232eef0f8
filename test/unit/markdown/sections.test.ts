import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parseSections, splitSections } from '../../../generator/markdown/sections.ts';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const parse = (text: string) => processor.parse(text);

/** Docs from this size are cut here: the tests' docs stay small enough to parse whole quickly. */
const SIZE = 4000;

/** A "large" doc of ordinary sections: prose, lists, tables, fenced code holding `#` lines. */
function largeDoc(extra = ''): string {
  let body = 'Intro paragraph.\n\n';
  for (let i = 0; body.length < SIZE * 2; i++) {
    body += `## Section ${i}\n\nText with **bold**, \`code\` and a [link](/docs/x) ${i}.\n\n- item\n  - nested\n\n| a | b |\n|---|---|\n| ${i} | x |\n\n\`\`\`bash\n# not a heading ${i}\n\n# still code\n\`\`\`\n\n`;
  }
  return body + extra;
}

describe('parsing a large doc by sections', () => {
  it('gives the same tree, positions included, as parsing it whole', () => {
    const body = largeDoc();
    expect(splitSections(body, SIZE).length).toBeGreaterThan(20);
    expect(parseSections(body, parse, SIZE)).toEqual(parse(body));
  });

  it('never cuts inside a fence, and keeps in one piece what may span sections', () => {
    for (const piece of splitSections(largeDoc(), SIZE)) expect(piece.text.startsWith('Intro') || piece.text.startsWith('## Section')).toBe(true);
    // A definition used across sections, a comment or a directive container spanning them.
    expect(splitSections(largeDoc('[ref]: /docs/x\n'), SIZE)).toHaveLength(1);
    expect(splitSections(largeDoc('<!--\n\n# commented out\n-->\n'), SIZE)).toHaveLength(1);
    expect(splitSections(largeDoc(':::note\n\n# inside\n:::\n'), SIZE)).toHaveLength(1);
    expect(splitSections(largeDoc('```\nunclosed\n'), SIZE)).toHaveLength(1);
    expect(splitSections(largeDoc())).toHaveLength(1);
  });
});
