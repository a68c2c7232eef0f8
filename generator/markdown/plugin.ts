import type { Parent, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { PageWalk, type Visitor } from './visitors/context.ts';
import { visitCodeOrDiagram } from './visitors/diagram.ts';
import { visitDirective } from './visitors/directives.ts';
import { visitHeading } from './visitors/headings.ts';
import { operationsOnPage } from './visitors/operation.ts';
import { dropUnsafeReferences, visitImage, visitLink } from './visitors/links.ts';
import { visitRawHtml } from './visitors/raw-html.ts';
import { SEARCH_TEXT_TYPES, tidySearchText, visitSearchText } from './visitors/search-text.ts';
import { walk } from './walk.ts';

export type { DocgenFileData, PluginInput, PluginOutput } from './visitors/context.ts';

/** Which visitor (one file each, in visitors/) handles a node type. */
const VISITORS: Partial<Record<RootContent['type'], Visitor<never>>> = {
  containerDirective: visitDirective,
  leafDirective: visitDirective,
  textDirective: visitDirective,
  heading: visitHeading,
  code: visitCodeOrDiagram,
  link: visitLink,
  definition: visitLink,
  image: visitImage,
  html: visitRawHtml,
  ...Object.fromEntries(SEARCH_TEXT_TYPES.map((t) => [t, visitSearchText])),
};

/**
 * The remark plugin for everything site-specific: directives, heading ids, code blocks, links,
 * raw HTML and search text. Each concern is a visitor of its own file; they share one tree walk
 * because a walk per concern costs measurable time on a large site (unist-util-visit copies the
 * ancestor list at every node).
 */
export function remarkDocgen() {
  return (tree: Root, file: VFile) => {
    const page = new PageWalk(file);
    if (page.input.operations) page.operations = operationsOnPage(tree, page.input.operations, page.input.apiBaseUrl);
    walk(tree, undefined, (node, index, parent) => (VISITORS[(node as RootContent).type] as Visitor | undefined)?.(node as RootContent, index, parent as Parent | undefined, page));
    dropUnsafeReferences(tree, page);
    tidySearchText(page);
    page.out.links.sort((a, b) => a.line - b.line || a.column - b.column);
  };
}
