import type { Properties } from 'hast';
import type { Parent, PhrasingContent, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import { visitComponent, written } from '../components/walk.ts';
import { closest } from '../links/suggest.ts';
import type { PageWalk } from './visitors/context.ts';

type Directive = ContainerDirective | LeafDirective | TextDirective;

/*
 * The directives docgen itself knows are the generic ones: admonitions here and `::operation`
 * (visitors/operation.ts). Every other name is one of the site's components
 * (content/components/, see generator/components/).
 */

export const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger'] as const;
const TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };

function h(node: Directive, tag: string, props: Record<string, unknown>, children?: RootContent[]): void {
  node.data = { ...node.data, hName: tag, hProperties: props as Properties };
  if (children) (node as Parent).children = children as Parent['children'];
}

/** The directive's `[label]` paragraph, if any (container directives put it first). */
function takeLabel(node: ContainerDirective): string | undefined {
  const first = node.children[0];
  if (first?.type === 'paragraph' && first.data?.directiveLabel) {
    node.children.shift();
    return toString(first);
  }
  return undefined;
}

function admonition(node: ContainerDirective, name: string): void {
  const title = takeLabel(node) ?? TITLES[name];
  const titleNode: RootContent = { type: 'paragraph', data: { hName: 'p', hProperties: { className: ['admonition__title'] } }, children: [{ type: 'text', value: title }] };
  h(node, 'div', { className: ['admonition', `admonition--${name}`], role: name === 'warning' || name === 'danger' ? 'alert' : 'note' }, [titleNode, ...node.children]);
}

/** Put a text directive that names nothing back as the text it came from (prose such as `token:create`). */
function asText(node: TextDirective, parent: Parent | undefined, index: number | undefined): void {
  if (!parent || index === undefined) return;
  const attrs = node.attributes && Object.keys(node.attributes).length ? `{${Object.entries(node.attributes).map(([k, v]) => `${k}="${v}"`).join(' ')}}` : '';
  const label = node.children.length ? `[${toString(node)}]` : '';
  parent.children.splice(index, 1, { type: 'text', value: `:${node.name}${label}${attrs}` } as PhrasingContent as never);
}

/** An unknown leaf or container directive: an error at its line, with the name it was probably meant to be. */
function unknown(node: Directive, page: PageWalk): void {
  const known = [...(page.input.components?.names ?? []), ...(node.type === 'containerDirective' ? ADMONITIONS : ['operation'])];
  const near = closest(node.name, known);
  const hint = near ? `did you mean "${near}"?` : `components live in content/components/<name>.tsx${known.length ? ` (known: ${known.join(', ')})` : ''}`;
  page.error(node, 'directive', `unknown component "${written(node)}"`, hint);
  h(node, 'div', { className: ['directive', `directive--${node.name}`] });
}

/** Admonitions become their HTML, the site's components placeholders (components/walk.ts); the walk then goes into what they became. */
export function transformDirective(node: Directive, parent: Parent | undefined, index: number | undefined, page: PageWalk): void {
  if (node.type === 'containerDirective' && (ADMONITIONS as readonly string[]).includes(node.name)) return admonition(node, node.name);
  const meta = page.input.components?.meta?.[node.name];
  if (meta) return visitComponent(node, meta, page);
  if (node.type === 'textDirective') return asText(node, parent, index);
  unknown(node, page);
}
