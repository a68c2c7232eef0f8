import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { prose } from '../../../generator/markdown/field-list.ts';

describe('field descriptions', () => {
  it('parse as CommonMark, each call getting a tree of its own', () => {
    const text = 'The [token](/docs/api/tokens) to *reveal*.';
    const first = prose(text);
    expect(first).toEqual(fromMarkdown(text).children);
    // The page's walk rewrites the nodes it visits: that must not reach the next page.
    (first[0] as { children: { value?: string }[] }).children[0].value = 'changed';
    expect(prose(text)).toEqual(fromMarkdown(text).children);
  });
});
