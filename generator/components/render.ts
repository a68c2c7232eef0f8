import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { pathToFileURL } from 'node:url';
import type { VFile } from 'vfile';
import type { DocgenFileData } from '../markdown/visitors/context.ts';
import type { SearchSection } from '../model.ts';
import { COMPONENT, SLOT, type ComponentModule, type ComponentUse } from './walk.ts';

type React = typeof import('react');
type Server = typeof import('react-dom/server');

const loaded = new Map<string, Promise<Record<string, ComponentModule>>>();

/** The compiled components (registry.ts), imported once per thread. */
export function loadComponents(module: string): Promise<Record<string, ComponentModule>> {
  let done = loaded.get(module);
  if (!done) {
    done = import(pathToFileURL(module).href).then((m: { components: Record<string, ComponentModule> }) => m.components);
    loaded.set(module, done);
  }
  return done;
}

// React is loaded by the first page that uses a component, not by every worker.
let react: Promise<[React, Server]> | undefined;

/** A marker React leaves as it is, replaced by a slot's HTML after the render. */
const marker = (i: number) => `docgen-slot-7d1f-${i}-end`;

function slotsOf(el: Element): string[] {
  return el.children.filter((c): c is Element => c.type === 'element' && c.tagName === SLOT).map((s) => toHtml(s.children, { allowDangerousHtml: true }));
}

/** Props an island is hydrated with: what it was rendered with, but its Markdown. */
function islandProps(props: Record<string, unknown>): string {
  return JSON.stringify(props);
}

function renderUse(use: ComponentUse, mod: ComponentModule, slots: string[], common: { uid: number; site: object }, [R, server]: [React, Server], onText: (html: string) => void): string {
  const own = { ...use.props, label: use.label, ...common };
  if (mod.interactive) {
    const tag = use.inline ? 'span' : 'div';
    const children = R.createElement(tag, { 'data-island-children': '', dangerouslySetInnerHTML: { __html: slots[0] ?? '' } });
    const html = server.renderToString(R.createElement(mod.default as never, { ...own, children } as never));
    onText(html.replace(/<([a-z]+) data-island-children=""[^]*$/, ''));
    return `<${tag} data-island="${use.name}" data-island-props="${escapeAttr(islandProps(own))}">${html}</${tag}>`;
  }
  const parts = use.parts?.map((p, i) => ({ ...p, children: marker(i + 1) }));
  const html = server.renderToString(R.createElement(mod.default as never, { ...own, children: marker(0), parts } as never));
  onText(html.replace(/docgen-slot-7d1f-\d+-end/g, ' '));
  return html.replace(/docgen-slot-7d1f-(\d+)-end/g, (_m, i: string) => slots[Number(i)] ?? '');
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** The text of a component's own HTML (its slots' text was indexed by the walk), for search. */
function ownText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#x27);/g, (e) => ENTITIES[e]).replace(/\s+/g, ' ').trim();
}

/** Add text to a search section, as the walk would have (visitors/search-text.ts). */
function addText(sections: SearchSection[], index: number, text: string): void {
  if (!text) return;
  // Before any heading and text: the section the walk makes for text there.
  if (index < 0 && !(sections[0] && sections[0].anchor === '')) sections.unshift({ heading: '', anchor: '', text: '' });
  const sec = sections[Math.max(index, 0)];
  sec.text = `${sec.text} ${text}`.trim();
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Render each component placeholder the walk left (walk.ts) with React, its slots' HTML put in
 * place of the markers it rendered; innermost first, so a component inside another is HTML by
 * the time the outer one takes its slots. Islands are wrapped with their name and props.
 */
export function rehypeComponents() {
  return async (tree: Root, file: VFile) => {
    const data = file.data.docgen as DocgenFileData;
    const uses = data.components ?? [];
    if (!uses.length) return;
    const modules = await loadComponents(data.input.components!.module!);
    const pair = await (react ??= Promise.all([import('react'), import('react-dom/server')]));
    const site = { apiBaseUrl: data.input.apiBaseUrl, badges: data.input.badges ?? [] };
    const islands = new Set<string>();
    const walk = (parent: { children: (ElementContent | Root['children'][number])[] }) => {
      parent.children.forEach((el, index) => {
        if (el.type !== 'element') return;
        walk(el);
        if (el.tagName !== COMPONENT) return;
        const use = uses[Number(el.properties.dataIndex)];
        const mod = modules[use.name];
        if (mod.interactive) islands.add(use.name);
        let html = '';
        try {
          html = renderUse(use, mod, slotsOf(el), { uid: use.uid, site }, pair, (text) => addText(data.out.sections, use.section, ownText(text)));
        } catch (err) {
          // At the directive, as the other problems of the page: the writer fixes them in one pass.
          const location = { file: data.input.source, line: use.line, column: use.column };
          data.out.diagnostics.push({ severity: 'error', kind: 'directive', message: `component "${use.name}" threw while rendering: ${(err as Error).message}`, location, hint: 'fix the props written here, or the component' });
        }
        parent.children[index] = { type: 'raw', value: html };
      });
    };
    walk(tree);
    if (islands.size) data.out.islands = [...islands].sort();
  };
}
