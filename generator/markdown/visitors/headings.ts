import type { Heading, Parent } from 'mdast';
import type { TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import { SKIP, walk } from '../walk.ts';
import { COMPONENT } from '../../components/walk.ts';
import { transformDirective } from '../directives.ts';
import type { Visitor } from './context.ts';

const CUSTOM_ID = /\s*\{#([\w.:-]+)\}\s*$/;

/** The heading's text, without a trailing `{#custom-id}` (taken off the node) or inline components (badges). */
function headingText(node: Heading): { text: string; customId?: string } {
  const last = node.children[node.children.length - 1];
  let customId: string | undefined;
  if (last?.type === 'text') {
    const m = CUSTOM_ID.exec(last.value);
    if (m) {
      customId = m[1];
      last.value = last.value.slice(0, m.index);
    }
  }
  const parts = node.children.filter((c) => !(c.type === 'textDirective' && c.data?.hName === COMPONENT));
  return { text: parts.map((c) => toString(c)).join('').trim(), customId };
}

/**
 * Headings below the title get an id (GitHub's slugs, or `{#custom-id}`), a `#` link to
 * themselves, an entry in the table of contents and a search section. The walk does not go
 * inside a heading: its text directives are transformed here, its text belongs to the section's title.
 */
export const visitHeading: Visitor<Heading> = (node, _index, _parent, page) => {
  walk<TextDirective>(node, 'textDirective', (d, i, p) => transformDirective(d, p as Parent | undefined, i, page));
  if (node.depth === 1) return SKIP;
  const { text, customId } = headingText(node);
  const id = customId ?? page.slugger.slug(text);
  node.data = { ...node.data, hProperties: { id, className: ['anchor'] } };
  node.children.push({
    type: 'link',
    url: `#${id}`,
    data: { hProperties: { className: ['hash-link'], ariaLabel: `Direct link to ${text}`, title: `Direct link to ${text}`, translate: 'no' } },
    children: [{ type: 'text', value: '\u200b' }],
  });
  page.out.toc.push({ id, text, level: node.depth });
  page.out.sections.push({ heading: text, anchor: id, text: '' });
  return SKIP;
};
