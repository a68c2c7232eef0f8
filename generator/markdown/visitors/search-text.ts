import type { InlineCode, RootContent, Text } from 'mdast';
import type { PageWalk, Visitor } from './context.ts';

/** Text goes into the search section of the heading above it; a block boundary is a space. */
export const visitSearchText: Visitor = (node, _index, _parent, page) => {
  const value = node.type === 'text' || node.type === 'inlineCode' ? (node as Text | InlineCode).value : ' ';
  const sec = page.out.sections[page.out.sections.length - 1];
  if (sec) sec.text += value;
  else page.out.sections.push({ heading: '', anchor: '', text: value });
};

/** Section texts with their whitespace collapsed, once the walk is over. */
export function tidySearchText(page: PageWalk): void {
  for (const s of page.out.sections) s.text = s.text.replace(/\s+/g, ' ').trim();
}

export const SEARCH_TEXT_TYPES: RootContent['type'][] = ['paragraph', 'tableCell', 'listItem', 'text', 'inlineCode'];
