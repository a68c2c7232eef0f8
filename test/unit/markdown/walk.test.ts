import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import type { Node, Parent } from 'unist';
import { visit, type VisitorResult } from 'unist-util-visit';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { EXIT, SKIP, walk } from '../../../generator/markdown/walk.ts';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();
const docs = readdirSync('content/docs', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).sort().slice(0, 40);
const trees = () => docs.map((f) => parser.parse(matter(readFileSync(path.join('content/docs', f), 'utf8')).content) as Root);

/**
 * A visitor that logs what it is given and answers in every way a visitor can, chosen by a seeded
 * sequence: go on, SKIP, [SKIP, index], an index further on, EXIT, and edits of the parent's
 * children (a node removed, one inserted before the next).
 */
function scripted(seed: number, log: string[]) {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31) % 100;
  let count = 0;
  return (node: Node, index: number | undefined, parent: Parent | undefined): VisitorResult => {
    log.push(`${node.type}@${index}<${parent?.type}`);
    if (++count > 4000) return EXIT;
    const r = next();
    if (r < 8) return SKIP;
    if (r < 12 && parent && index !== undefined) return [SKIP, index + 2];
    if (r < 15 && parent && index !== undefined) {
      parent.children.splice(index, 1);
      return index;
    }
    if (r < 17 && parent && index !== undefined) {
      parent.children.splice(index + 1, 0, { type: 'text', value: 'inserted' } as never);
      return undefined;
    }
    if (r === 99 && seed % 3 === 0) return EXIT;
    return undefined;
  };
}

describe('walk', () => {
  it('visits what unist-util-visit visits, in its order, with its arguments, whatever the visitor answers or edits', () => {
    const a = trees();
    const b = trees();
    a.forEach((tree, i) => {
      for (const type of [undefined, 'text', ['heading', 'code', 'link']] as const) {
        const expected: string[] = [];
        const got: string[] = [];
        const copyA = structuredClone(tree);
        const copyB = structuredClone(b[i]);
        if (type === undefined) visit(copyA, scripted(i + 1, expected));
        else visit(copyA, type as never, scripted(i + 1, expected));
        walk(copyB, type, scripted(i + 1, got));
        expect(got, docs[i]).toEqual(expected);
        expect(copyB).toEqual(copyA);
      }
    });
  });
});
