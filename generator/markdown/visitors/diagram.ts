import type { Code } from 'mdast';
import { SKIP } from 'unist-util-visit';
import { escapeHtml } from '../../render/head.ts';
import { visitCode } from './code.ts';
import type { Visitor } from './context.ts';

/** The languages of fenced blocks drawn as diagrams instead of highlighted. */
const DIAGRAM_LANGUAGES = new Set(['mermaid']);

/**
 * The server's form of a diagram: its source, open under a summary, so a reader without
 * JavaScript reads it as text; the theme draws the diagram above it and closes the details
 * (theme/components/Diagram). A `title="…"` in the meta becomes the caption and the drawing's name.
 */
export function diagramHtml(code: string, meta: string): string {
  const title = /\btitle="([^"]*)"/.exec(meta)?.[1] ?? /\btitle=(\S+)/.exec(meta)?.[1];
  const caption = title ? `<figcaption class="diagram__title">${escapeHtml(title)}</figcaption>` : '';
  return (
    `<figure class="diagram" data-diagram="mermaid">${caption}` +
    `<details class="diagram__source" open><summary>Diagram source (Mermaid)</summary>` +
    `<pre tabindex="0"><code>${escapeHtml(code)}</code></pre></details></figure>`
  );
}

/**
 * A ```` ```mermaid ```` block becomes a diagram figure and is set aside for the syntax check
 * (markdown/mermaid.ts), which runs after the walk because mermaid's parser is asynchronous;
 * every other fenced block goes to the highlighter.
 */
export const visitCodeOrDiagram: Visitor<Code> = (node, index, parent, page) => {
  const lang = (node.lang ?? '').toLowerCase();
  if (!DIAGRAM_LANGUAGES.has(lang)) return visitCode(node, index, parent, page);
  const { line, column } = page.where(node);
  (page.out.diagrams ??= []).push({ code: node.value, line: line + 1, column });
  parent!.children[index!] = { type: 'html', value: diagramHtml(node.value, node.meta ?? '') } as never;
  return SKIP;
};
