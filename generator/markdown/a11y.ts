import type { Element, ElementContent, Root, RootContent } from 'hast';
import { SKIP, walk } from './walk.ts';

/** Text of a hast node, without the zero-width space of heading anchors. */
function textOf(node: RootContent | ElementContent, skip: (el: Element) => boolean = () => false): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' || skip(node)) return '';
  return node.children.map((c) => textOf(c, skip)).join('');
}

const clean = (s: string) => s.replace(/\u200b/g, '').replace(/\s+/g, ' ').trim();
const isList = (el: Element) => el.tagName === 'ul' || el.tagName === 'ol';

/**
 * Names for the controls GFM leaves unnamed: a task-list checkbox is labelled by its item's
 * own text (not its sub-items'), and each table sits in a keyboard-focusable scroll region
 * named after the heading above it, so a table wider than the page can be scrolled without a
 * mouse. Region names are unique on the page (landmarks of one name cannot be told apart).
 */
export function rehypeAccessibleGfm() {
  return (tree: Root) => {
    let heading = '';
    const names = new Map<string, number>();
    walk<Element>(tree, 'element', (el, index, parent) => {
      if (/^h[2-6]$/.test(el.tagName)) heading = clean(textOf(el));
      else if (el.tagName === 'li' && String(el.properties.className ?? '').includes('task-list-item')) labelTask(el);
      else if (el.tagName === 'table' && parent && index !== undefined) {
        const base = heading ? `${heading} table` : 'Table';
        const n = (names.get(base) ?? 0) + 1;
        names.set(base, n);
        const ariaLabel = n === 1 ? base : `${base} ${n}`;
        (parent as Element | Root).children[index] = { type: 'element', tagName: 'div', properties: { className: ['table-scroll'], role: 'region', ariaLabel, tabIndex: 0 }, children: [el] };
        return SKIP;
      }
    });
  };
}

function labelTask(li: Element): void {
  const label = clean(textOf(li, isList));
  walk<Element>(li, 'element', (el) => {
    if (isList(el)) return SKIP;
    if (el.tagName === 'input' && el.properties.type === 'checkbox') {
      if (label) el.properties.ariaLabel = label;
      return SKIP;
    }
  });
}
