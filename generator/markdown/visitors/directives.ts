import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { SKIP } from 'unist-util-visit';
import { transformDirective } from '../directives.ts';
import type { Visitor } from './context.ts';
import { visitOperation } from './operation.ts';

/** Admonitions and the site's components (see directives.ts); the walk then goes into what they
 * became. A text directive replaced in its parent is visited again at its index. */
export const visitDirective: Visitor<ContainerDirective | LeafDirective | TextDirective> = (node, index, parent, page) => {
  if (node.type === 'leafDirective' && node.name === 'operation') return visitOperation(node, index, parent, page);
  transformDirective(node, parent, index, page);
  return node.type === 'textDirective' && parent?.children[index!] !== node ? [SKIP, index!] : undefined;
};
