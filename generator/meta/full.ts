import { createHash } from 'node:crypto';
import type { Doc, OutputFile, SiteConfig } from '../model.ts';
import type { ApiOperation } from '../openapi/model.ts';
import type { DocGroup } from './groups.ts';
import { withOperations } from './operations.ts';
import { withLazyKey } from '../output/key.ts';

/** What llms-full.txt needs beside the groups: each doc's URL, its operations and its published Markdown's key. */
export interface FullInput {
  url: (route: string) => string;
  opsOf: (doc: Doc) => ApiOperation[];
  operations: Map<string, ApiOperation>;
  sourceKey: (doc: Doc) => string;
}

/** One doc: its title as a heading (its own first heading when it opens with one), its page's URL, its description, its Markdown. */
function docPart(doc: Doc, config: SiteConfig, input: FullInput): string {
  const text = (input.opsOf(doc).length ? withOperations(doc.body, input.operations, config.apiBaseUrl) : doc.body).trim();
  const own = text.startsWith('# ');
  const end = own ? text.indexOf('\n') : -1;
  const heading = own ? (end < 0 ? text : text.slice(0, end)) : `# ${doc.title}`;
  const rest = own ? (end < 0 ? '' : text.slice(end + 1).trim()) : text;
  return [heading, `Source: ${input.url(doc.route)}`, ...(doc.description ? [`> ${doc.description}`] : []), ...(rest ? [rest] : [])].join('\n\n');
}

/**
 * llms-full.txt: every doc's Markdown in one file, for a reader (or a program) that wants the
 * whole documentation at once, in the order of llms.txt (sidebar by sidebar, each in sidebar
 * order). Its front matter is left out (the title and description already say what it holds),
 * its operations written out as in its published Markdown. Keyed by what it is made of, so an
 * unchanged site reuses the previous build's file instead of joining ~1.5 MB again.
 */
export function llmsFull(groups: DocGroup[], config: SiteConfig, input: FullInput): OutputFile {
  const members = groups.flatMap((g) => g.members);
  const key = () =>
    createHash('sha256')
      .update(JSON.stringify([config.title, config.tagline, config.url, config.baseUrl]))
      .update(JSON.stringify(members.map((d) => [d.route, d.title, d.description ?? '', input.sourceKey(d)])))
      .digest('hex')
      .slice(0, 24);
  const contents = () => {
    const parts = [`# ${config.title}`, ...(config.tagline ? [`> ${config.tagline}`] : []), ...members.map((d) => docPart(d, config, input))];
    return `${parts.join('\n\n')}\n`;
  };
  return withLazyKey({ path: 'llms-full.txt', contents }, key);
}
