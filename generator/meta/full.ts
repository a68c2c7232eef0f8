import type { Doc, SiteConfig } from '../model.ts';
import type { ApiOperation } from '../openapi/model.ts';
import type { DocGroup } from './groups.ts';
import { withOperations } from './operations.ts';

/**
 * llms-full.txt: every doc's Markdown in one file, for a reader (or a program) that wants the
 * whole documentation at once, in the order of llms.txt (sidebar by sidebar, each in sidebar
 * order). Each doc opens with its title as a heading and the URL of its page; its front matter
 * is left out (the title and description already say what it holds), its operations written
 * out as in its published Markdown.
 */
export function llmsFull(groups: DocGroup[], config: SiteConfig, url: (route: string) => string, opsOf: (doc: Doc) => ApiOperation[], operations: Map<string, ApiOperation>): string {
  const parts = [`# ${config.title}`];
  if (config.tagline) parts.push(`> ${config.tagline}`);
  for (const group of groups) {
    for (const doc of group.members) {
      const body = opsOf(doc).length ? withOperations(doc.body, operations, config.apiBaseUrl) : doc.body;
      // A doc that opens with its own title is not given it twice.
      const titled = /^\s*# /.test(body) ? body.trim() : `# ${doc.title}\n\n${body.trim()}`;
      const [heading, ...rest] = titled.split('\n');
      parts.push([heading, '', `Source: ${url(doc.route)}`, ...(doc.description ? ['', `> ${doc.description}`] : []), ...rest].join('\n').trimEnd());
    }
  }
  return `${parts.join('\n\n')}\n`;
}
