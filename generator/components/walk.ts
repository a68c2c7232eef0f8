import type { Parent, PhrasingContent, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { ZodType } from 'zod';
import type { ComponentMeta } from '../markdown/job.ts';
import type { PageWalk } from '../markdown/visitors/context.ts';
import type { PartsDeclaration } from '../../common/components.ts';

export type Directive = ContainerDirective | LeafDirective | TextDirective;

/** A component module as the worker imports it. */
export interface ComponentModule {
  default: (props: never) => unknown;
  schema?: ZodType;
  interactive?: boolean;
  parts?: PartsDeclaration;
  links?: string[];
}

/** One use of a component on the page, found by the walk and rendered after it (render.ts). */
export interface ComponentUse {
  name: string;
  /** As written (`::endpoint`), for messages. */
  written: string;
  /** Its attributes (URLs resolved), checked against the component's schema on the main thread (splice.ts). */
  props: Record<string, unknown>;
  label?: string;
  parts?: { props: Record<string, string>; label?: string }[];
  /** Where it is written, for a component that throws. */
  line: number;
  column: number;
  inline: boolean;
  /** Its number among the uses of this component on the page, from 1. */
  uid: number;
  /** The search section it is in (its own text, rendered, is added there). */
  section: number;
}

/** The slot a component's rendered Markdown waits in until the component is rendered. */
export const SLOT = 'docgen-slot';
export const COMPONENT = 'docgen-component';

function slot(children: RootContent[]): RootContent {
  return { type: 'docgenSlot', data: { hName: SLOT }, children } as unknown as RootContent;
}

/** The `[label]` of a container directive, taken off its children. */
function takeLabel(node: ContainerDirective): string | undefined {
  const first = node.children[0];
  if (first?.type !== 'paragraph' || !first.data?.directiveLabel) return undefined;
  node.children.shift();
  return toString(first);
}

function attributes(node: Directive): Record<string, string> {
  return Object.fromEntries(Object.entries(node.attributes ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function written(node: Directive): string {
  return `${node.type === 'containerDirective' ? ':::' : node.type === 'leafDirective' ? '::' : ':'}${node.name}`;
}

function linked(node: Directive, attrs: Record<string, string>, links: string[] | undefined, page: PageWalk): Record<string, string> {
  const out = { ...attrs };
  for (const name of links ?? []) if (out[name] !== undefined) out[name] = page.link(node, out[name]) ?? '';
  return out;
}

/** Paragraphs unwrapped into their phrasing content (a part shown inline). */
function inlined(children: RootContent[]): RootContent[] {
  return children.flatMap((c) => (c.type === 'paragraph' ? (c.children as PhrasingContent[]) : [c]));
}

function takeParts(node: ContainerDirective, decl: PartsDeclaration, page: PageWalk): { parts: ComponentUse['parts']; slots: RootContent[]; rest: RootContent[] } {
  const parts: NonNullable<ComponentUse['parts']> = [];
  const slots: RootContent[] = [];
  const rest: RootContent[] = [];
  for (const child of node.children) {
    if (child.type !== 'containerDirective' || child.name !== decl.name) {
      rest.push(child);
      continue;
    }
    const label = takeLabel(child);
    const attrs = attributes(child);
    for (const req of decl.required ?? []) if (!attrs[req]) page.error(child, 'directive', `:::${decl.name} in ${written(node)}: prop "${req}" is required`, `write it as :::${decl.name}{${req}="…"}`);
    parts.push({ props: linked(child, attrs, decl.links, page), label });
    slots.push(slot(decl.inline ? inlined(child.children) : child.children));
  }
  return { parts, slots, rest };
}

/**
 * A component's directive becomes a placeholder element holding its Markdown (and each part's)
 * in slots: the walk then goes on inside, so headings, links and code there are handled as
 * anywhere, and the component is rendered around them once the tree is HTML (render.ts).
 */
export function visitComponent(node: Directive, mod: ComponentMeta, page: PageWalk): void {
  const label = node.type === 'containerDirective' ? takeLabel(node) : node.children.length ? toString(node) : undefined;
  const props = linked(node, attributes(node), mod.links, page);
  const uid = page.components.filter((u) => u.name === node.name).length + 1;
  const use: ComponentUse = { name: node.name, written: written(node), props, label, ...page.where(node), inline: node.type === 'textDirective', uid, section: page.out.sections.length - 1 };
  let children: RootContent[] = [slot(node.children as RootContent[])];
  if (node.type === 'containerDirective' && mod.parts) {
    const { parts, slots, rest } = takeParts(node, mod.parts, page);
    use.parts = parts;
    children = [slot(rest), ...slots];
  }
  const index = page.components.push(use) - 1;
  node.data = { ...node.data, hName: COMPONENT, hProperties: { dataIndex: index } };
  (node as Parent).children = children as Parent['children'];
}
