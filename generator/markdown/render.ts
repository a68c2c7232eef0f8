import rehypePrettyCode from 'rehype-pretty-code';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { createCssVariablesTheme } from 'shiki';
import { unified } from 'unified';
import { MarkdownError } from '../errors.ts';
import type { Rendered } from '../model.ts';
import { remarkDocgen, type PluginOutput } from './plugin.ts';

/** What one doc needs to render: plain data, so it can cross to a worker thread. */
export interface RenderJob {
  docId: string;
  source: string;
  body: string;
  bodyLine: number;
  apiBaseUrl: string;
}

/**
 * One CSS-variables theme: code is tokenized once and the stylesheet colours it per colour
 * mode, instead of tokenizing once per theme and emitting the markup twice.
 */
const theme = createCssVariablesTheme({ name: 'docgen', variablePrefix: '--shiki-', fontStyle: true });

/** Render one doc's Markdown to HTML plus what the later stages need (toc, ids, links…). */
export async function renderMarkdown(job: RenderJob): Promise<Rendered> {
  const out: PluginOutput = { toc: [], ids: [], links: [], sections: [], diagnostics: [] };
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkDocgen({ source: job.source, bodyLine: job.bodyLine, apiBaseUrl: job.apiBaseUrl }, out))
    .use(remarkRehype, { allowDangerousHtml: true, footnoteLabelTagName: 'h2' })
    .use(rehypePrettyCode, { theme, keepBackground: false, defaultLang: { block: 'plaintext' } })
    .use(rehypeStringify, { allowDangerousHtml: true });
  let html: string;
  try {
    html = String(await processor.process(job.body));
  } catch (err) {
    const e = err as { line?: number; column?: number; place?: { line?: number; column?: number; start?: { line: number; column: number } } };
    const place = e.place && 'start' in e.place ? e.place.start : e.place;
    throw new MarkdownError(
      `could not render Markdown: ${(err as Error).message}`,
      { file: job.source, line: (place?.line ?? 1) + job.bodyLine - 1, column: place?.column ?? 1 },
      'check the syntax near this line',
      { cause: err },
    );
  }
  return { docId: job.docId, html, ...out };
}
