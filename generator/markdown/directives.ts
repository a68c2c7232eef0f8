import type { Properties } from 'hast';
import type { Parent, PhrasingContent, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { BadgeConfig } from '../config/schema.ts';

type Directive = ContainerDirective | LeafDirective | TextDirective;

export const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger'] as const;
const TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

export interface DirectiveContext {
  apiBaseUrl: string;
  /** The config's badges: `:badge[…]` of one of them gets its class and tooltip. */
  badges: BadgeConfig[];
  /** Per-page counter for unique tab ids. */
  nextId: () => number;
  problem: (node: Directive, message: string) => void;
  /** Record a link the page will carry (for the link check); returns the href to write (none for a dangerous URL). */
  link: (node: Directive, url: string) => string | undefined;
}

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

function text(value: string): PhrasingContent {
  return { type: 'text', value };
}

function el(tag: string, props: Record<string, unknown>, children: RootContent[]): RootContent {
  return { type: 'paragraph', data: { hName: tag, hProperties: props as Properties }, children: children as PhrasingContent[] };
}

function tabs(node: ContainerDirective, ctx: DirectiveContext): void {
  const uid = ctx.nextId();
  const groupId = node.attributes?.groupId ?? undefined;
  const panels = node.children.filter((c): c is ContainerDirective => c.type === 'containerDirective' && c.name === 'tab');
  if (panels.length === 0) ctx.problem(node, 'a :::tabs block needs at least one :::tab inside it');
  const buttons: RootContent[] = [];
  panels.forEach((panel, i) => {
    const label = panel.attributes?.label ?? takeLabel(panel) ?? `Tab ${i + 1}`;
    const value = panel.attributes?.value ?? label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const tabId = `tab-${uid}-${i}`;
    const panelId = `tabpanel-${uid}-${i}`;
    buttons.push(
      el('button', { type: 'button', role: 'tab', id: tabId, ariaControls: panelId, ariaSelected: i === 0 ? 'true' : 'false', tabIndex: i === 0 ? 0 : -1, dataValue: value, className: ['tabs__tab'] }, [text(label)]),
    );
    h(panel, 'div', { role: 'tabpanel', id: panelId, ariaLabelledby: tabId, dataValue: value, dataLabel: label, className: ['tabs__panel'], ...(i === 0 ? {} : { dataHidden: '' }) });
  });
  const list = el('div', { role: 'tablist', ariaOrientation: 'horizontal', className: ['tabs__list'] }, buttons);
  h(node, 'div', { className: ['tabs'], ...(groupId ? { dataGroupId: groupId } : {}) }, [list, ...panels]);
}

function cards(node: ContainerDirective, ctx: DirectiveContext): void {
  for (const child of node.children) {
    if (child.type !== 'containerDirective' || child.name !== 'card') continue;
    const href = child.attributes?.href;
    const title = child.attributes?.title ?? takeLabel(child) ?? '';
    if (!href) ctx.problem(child, 'a :::card needs an href attribute: :::card{href="/docs/..." title="..."}');
    const external = /^https?:/.test(href ?? '');
    const body = child.children;
    h(child, 'a', { className: ['card'], href: href ? ctx.link(child, href) : href, ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) }, [
      el('span', { className: ['card__title'] }, [text(title)]),
      { type: 'paragraph', data: { hName: 'span', hProperties: { className: ['card__body'] } }, children: body.flatMap((b) => ('children' in b ? (b.children as PhrasingContent[]) : [])) },
    ]);
  }
  h(node, 'div', { className: ['cards'] });
}

/**
 * Turn the site's directives into HTML-ready nodes. Unknown text directives are put back as
 * the text they came from (prose such as `token:create` is not a directive).
 */
export function transformDirective(node: Directive, parent: Parent | undefined, index: number | undefined, ctx: DirectiveContext): void {
  const name = node.name;
  if (node.type === 'containerDirective') {
    if ((ADMONITIONS as readonly string[]).includes(name)) {
      const title = takeLabel(node) ?? TITLES[name];
      h(node, 'div', { className: ['admonition', `admonition--${name}`], role: name === 'warning' || name === 'danger' ? 'alert' : 'note' }, [
        el('p', { className: ['admonition__title'] }, [text(title)]),
        ...node.children,
      ]);
      return;
    }
    if (name === 'tabs') return tabs(node, ctx);
    if (name === 'cards') return cards(node, ctx);
    if (name === 'tab' || name === 'card') return;
    ctx.problem(node, `unknown directive ":::${name}" (expected one of ${[...ADMONITIONS, 'tabs', 'cards'].join(', ')})`);
    h(node, 'div', { className: ['directive', `directive--${name}`] });
    return;
  }
  if (node.type === 'leafDirective') {
    if (name === 'endpoint') {
      const method = (node.attributes?.method ?? '').toUpperCase();
      const pathAttr = node.attributes?.path ?? '';
      if (!METHODS.has(method)) ctx.problem(node, `::endpoint needs method="GET|POST|PUT|PATCH|DELETE" (got "${node.attributes?.method ?? ''}")`);
      const url = `${ctx.apiBaseUrl}${pathAttr}`;
      h(node, 'div', { className: ['endpoint'] }, [
        el('span', { className: ['endpoint__method', `endpoint__method--${method.toLowerCase()}`] }, [text(method)]),
        el('code', { className: ['endpoint__url'] }, [text(url)]),
        el('button', { type: 'button', className: ['copy-button', 'endpoint__copy'], dataCopy: url, ariaLabel: `Copy ${url}`, title: 'Copy' }, [text('Copy')]),
      ]);
      return;
    }
    ctx.problem(node, `unknown directive "::${name}" (expected endpoint or operation)`);
    h(node, 'div', { className: ['directive', `directive--${name}`] });
    return;
  }
  if (name === 'permission') {
    h(node, 'code', { className: ['permission'] });
    return;
  }
  if (name === 'badge') {
    const label = toString(node);
    const kind = label.toLowerCase();
    const badge = ctx.badges.find((b) => b.label.toLowerCase() === kind);
    h(node, 'span', { className: ['badge', `badge--${badge ? kind : 'default'}`], ...(badge?.tooltip ? { title: badge.tooltip } : {}) });
    return;
  }
  if (parent && index !== undefined) {
    const attrs = node.attributes && Object.keys(node.attributes).length ? `{${Object.entries(node.attributes).map(([k, v]) => `${k}="${v}"`).join(' ')}}` : '';
    const label = node.children.length ? `[${toString(node)}]` : '';
    parent.children.splice(index, 1, text(`:${name}${label}${attrs}`) as never);
  }
}
