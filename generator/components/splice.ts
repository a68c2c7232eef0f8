import { pathToFileURL } from 'node:url';
import type { ComponentMeta } from '../markdown/job.ts';
import type { Diagnostic, MarkdownOutput, SearchSection } from '../model.ts';
import { htmlIds } from '../markdown/ids.ts';
import type { ComponentModule, ComponentUse } from './walk.ts';

/*
 * A component is rendered in two steps. On the Markdown worker (render.ts), its placeholder
 * becomes its slots' HTML between markers, so code blocks inside are highlighted and spliced as
 * anywhere. On the main thread (here), React renders it around its slots: React is loaded there
 * anyway for the pages, so the workers never load react-dom.
 */

// USE and SLOT_MARK below read these markers.
export const open = (n: number) => `<!--docgen-c:${n}-->`;
export const between = (n: number, slot: number) => `<!--docgen-c:${n}:${slot}-->`;
export const close = (n: number) => `<!--docgen-c:${n}:end-->`;

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

type React = typeof import('react');
type Server = typeof import('react-dom/server');

/** What renders components on the main thread: the compiled modules, React and its server renderer. */
export interface ComponentRenderer {
  modules: Record<string, ComponentModule>;
  react: React;
  server: Server;
}

/** Each compiled module's renderer, loaded once (a cold build starts loading it early: markdown/prestart.ts); the path names the components' hash. */
const renderers = new Map<string, Promise<ComponentRenderer>>();

export function componentRenderer(module: string): Promise<ComponentRenderer> {
  let renderer = renderers.get(module);
  if (!renderer) {
    renderer = loadRenderer(module);
    renderers.set(module, renderer);
    renderer.catch(() => renderers.delete(module));
  }
  return renderer;
}

async function loadRenderer(module: string): Promise<ComponentRenderer> {
  // Their default export: the bundle loads React's CommonJS modules by require() (generator/esbuild/core.mjs).
  const [modules, react, server] = await Promise.all([loadComponents(module), import('react').then((m) => m.default), import('react-dom/server').then((m) => m.default)]);
  return { modules, react, server };
}

/** A marker React leaves as it is, replaced by a slot's HTML after the render. */
const marker = (i: number) => `docgen-slot-7d1f-${i}-end`;
const MARKERS = /docgen-slot-7d1f-(\d+)-end/g;

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** What the walk needs of each component, from its module (sent to the workers, which load none). */
export function componentMeta(modules: Record<string, ComponentModule>): Record<string, ComponentMeta> {
  return Object.fromEntries(Object.entries(modules).map(([name, m]) => [name, { interactive: m.interactive === true, parts: m.parts, links: m.links }]));
}

/** The props a schema gives, or the attributes as written; each failed rule reported at the directive. */
function validated(use: ComponentUse, mod: ComponentModule, source: string, diagnostics: Diagnostic[]): Record<string, unknown> {
  if (!mod.schema) return use.props;
  const result = mod.schema.safeParse(use.props);
  if (result.success) return result.data as Record<string, unknown>;
  for (const issue of result.error.issues) {
    const prop = issue.path.join('.') || '(props)';
    const got = prop in use.props ? `"${String(use.props[prop])}"` : 'nothing';
    const location = { file: source, line: use.line, column: use.column };
    diagnostics.push({ severity: 'error', kind: 'directive', message: `${use.written}: prop "${prop}" (got ${got}): ${issue.message}`, location, hint: `the rule is the schema in content/components/${use.name}.tsx` });
  }
  return use.props;
}

/** One use rendered around its slots' HTML; an island is wrapped with its name and the props to hydrate it with. */
function renderUse(use: ComponentUse, slots: string[], site: object, r: ComponentRenderer): { html: string; text: string } {
  const mod = r.modules[use.name];
  const own = { ...use.props, label: use.label, uid: use.uid, site };
  const R = r.react;
  if (mod.interactive) {
    const tag = use.inline ? 'span' : 'div';
    const children = R.createElement(tag, { 'data-island-children': '', dangerouslySetInnerHTML: { __html: slots[0] ?? '' } });
    const html = r.server.renderToString(R.createElement(mod.default as never, { ...own, children } as never));
    return { html: `<${tag} data-island="${use.name}" data-island-props="${escapeAttr(JSON.stringify(own))}">${html}</${tag}>`, text: html.replace(/<([a-z]+) data-island-children=""[^]*$/, '') };
  }
  const parts = use.parts?.map((p, i) => ({ ...p, children: marker(i + 1) }));
  const html = r.server.renderToString(R.createElement(mod.default as never, { ...own, children: marker(0), parts } as never));
  return { html: html.replace(MARKERS, (_m, i: string) => slots[Number(i)] ?? ''), text: html.replace(MARKERS, ' ') };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** The text of a component's own HTML (its slots' text was indexed by the walk), for search. */
function ownText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#x27);/g, (e) => ENTITIES[e]).replace(/\s+/g, ' ').trim();
}

/** Add text to a search section, as the walk would have (markdown/visitors/search-text.ts). */
function addText(sections: SearchSection[], index: number, text: string): void {
  if (!text) return;
  // Before any heading and text: the section the walk makes for text there.
  if (index < 0 && !(sections[0] && sections[0].anchor === '')) sections.unshift({ heading: '', anchor: '', text: '' });
  const sec = sections[Math.max(index, 0)];
  sec.text = `${sec.text} ${text}`.trim();
}

const USE = /<!--docgen-c:(\d+)-->([^]*?)<!--docgen-c:\1:end-->/g;
const SLOT_MARK = /<!--docgen-c:\d+:\d+-->/;

/**
 * Render a doc's components into its HTML in one pass over it: the content of a use is rendered
 * first (the components inside it), then the use around it. A component that throws is an error
 * at its directive, with the others still rendered. Without components, the output as it is.
 */
export function spliceComponents(output: MarkdownOutput & { components?: ComponentUse[] }, input: { source: string; apiBaseUrl: string; badges?: object[] }, r: ComponentRenderer | undefined): MarkdownOutput {
  const { components: uses, ...rest } = output;
  if (!uses?.length || !r) return rest;
  const site = { apiBaseUrl: input.apiBaseUrl, badges: input.badges ?? [] };
  const sections = rest.sections.map((s) => ({ ...s }));
  const diagnostics = [...rest.diagnostics];
  const ids = [...rest.ids];
  const render = (html: string): string =>
    html.replace(USE, (_all, n: string, body: string) => {
      const use = uses[Number(n)];
      const slots = render(body).split(SLOT_MARK);
      try {
        const made = renderUse({ ...use, props: validated(use, r.modules[use.name], input.source, diagnostics) }, slots, site, r);
        addText(sections, use.section, ownText(made.text));
        // Ids the component gives elements (tabs) are known to the link check like any other.
        ids.push(...htmlIds(made.text));
        return made.html;
      } catch (err) {
        // At the directive, as the other problems of the page: the writer fixes them in one pass.
        const location = { file: input.source, line: use.line, column: use.column };
        diagnostics.push({ severity: 'error', kind: 'directive', message: `component "${use.name}" threw while rendering: ${(err as Error).message}`, location, hint: 'fix the props written here, or the component' });
        return '';
      }
    });
  return { ...rest, html: render(rest.html), ids, sections, diagnostics };
}
