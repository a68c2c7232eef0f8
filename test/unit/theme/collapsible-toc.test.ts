import { describe, expect, it } from 'vitest';
import { collapseDuration } from '../../../theme/components/Collapsible/index.ts';
import { tocTree } from '../../../theme/components/TableOfContents/index.tsx';

describe('collapseDuration', () => {
  // round((4 + 15·c^0.25 + c/5)·10) ms with c = height/36, the reference generator's formula.
  it('grows with the content height, sub-linearly', () => {
    expect(collapseDuration(36)).toBe(192);
    expect(collapseDuration(100)).toBe(239);
    expect(collapseDuration(360)).toBe(327);
  });
});

describe('tocTree', () => {
  it('nests each heading under the nearest shallower one', () => {
    const tree = tocTree([
      { id: 'a', text: 'A', level: 2 },
      { id: 'a1', text: 'A1', level: 3 },
      { id: 'a2', text: 'A2', level: 3 },
      { id: 'b', text: 'B', level: 2 },
    ]);
    expect(tree.map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([
      ['a', ['a1', 'a2']],
      ['b', []],
    ]);
  });

  it('keeps a page that starts at h3 flat instead of dropping headings', () => {
    const tree = tocTree([
      { id: 'x', text: 'X', level: 3 },
      { id: 'y', text: 'Y', level: 2 },
      { id: 'y1', text: 'Y1', level: 3 },
    ]);
    expect(tree.map((n) => n.id)).toEqual(['x', 'y']);
    expect(tree[1].children.map((c) => c.id)).toEqual(['y1']);
  });
});
