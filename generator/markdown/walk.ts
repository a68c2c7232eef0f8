import type { Node, Parent } from 'unist';
import { CONTINUE, EXIT, SKIP, type VisitorResult } from 'unist-util-visit';

export { CONTINUE, EXIT, SKIP };

/** What a visitor of `walk` is given: the node, its index in its parent, and the parent. */
export type WalkVisitor<N> = (node: N, index: number | undefined, parent: Parent | undefined) => VisitorResult;

type Action = [unknown?, number?];

function toAction(value: VisitorResult): Action {
  if (Array.isArray(value)) return value as Action;
  if (typeof value === 'number') return [CONTINUE, value];
  return value === null || value === undefined ? [] : [value];
}

/**
 * unist-util-visit's `visit(tree, type, visitor)` for the walks every doc gets: the same order
 * (preorder), the same answers to what a visitor returns (SKIP, EXIT, an index to go on from,
 * children changed as it goes) and the same arguments. unist-util-visit also names a function
 * per node for its debugging, copies the ancestor list at every node and looks each node's index
 * up in its parent's children, which costs the parser thread more than the visitors' own work.
 * `type`: a node type or several; undefined visits every node.
 */
export function walk<N extends Node = Node>(tree: Node, type: string | readonly string[] | undefined, visitor: WalkVisitor<N>): void {
  const matches = type === undefined ? () => true : typeof type === 'string' ? (n: Node) => n.type === type : (n: Node) => type.includes(n.type);
  const one = (node: Node, index: number | undefined, parent: Parent | undefined): Action => {
    const action: Action = matches(node) ? toAction(visitor(node as N, index, parent)) : [];
    if (action[0] === EXIT) return action;
    const children = (node as Parent).children;
    if (children && action[0] !== SKIP) {
      let i = 0;
      while (i > -1 && i < children.length) {
        const sub = one(children[i], i, node as Parent);
        if (sub[0] === EXIT) return sub;
        i = typeof sub[1] === 'number' ? sub[1] : i + 1;
      }
    }
    return action;
  };
  one(tree, undefined, undefined);
}
