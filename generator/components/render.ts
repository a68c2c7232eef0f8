import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { VFile } from 'vfile';
import type { DocgenFileData } from '../markdown/visitors/context.ts';
import { close, between, open } from './splice.ts';
import { COMPONENT, SLOT, type ComponentUse } from './walk.ts';

/** Each component's placeholder as its slots' HTML between markers; the uses travel with the draft. */
export function rehypeComponents() {
  return (tree: Root, file: VFile) => {
    const data = file.data.docgen as DocgenFileData;
    const uses = data.components ?? [];
    if (!uses.length) return;
    // Numbered as met after their content: one inside another gets the lower number.
    const ordered: ComponentUse[] = [];
    const walk = (parent: { children: (ElementContent | Root['children'][number])[] }) => {
      parent.children.forEach((el, index) => {
        if (el.type !== 'element') return;
        walk(el);
        if (el.tagName !== COMPONENT) return;
        const n = ordered.push(uses[Number(el.properties.dataIndex)]) - 1;
        const slots = el.children.filter((c): c is Element => c.type === 'element' && c.tagName === SLOT).map((s) => toHtml(s.children, { allowDangerousHtml: true }));
        parent.children[index] = { type: 'raw', value: open(n) + slots.map((s, i) => (i ? between(n, i) : '') + s).join('') + close(n) };
      });
    };
    walk(tree);
    data.out.components = ordered;
    const islands = [...new Set(uses.filter((u) => data.input.components?.meta?.[u.name]?.interactive).map((u) => u.name))].sort();
    if (islands.length) data.out.islands = islands;
  };
}
