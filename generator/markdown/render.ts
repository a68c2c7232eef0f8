import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import { VFile } from 'vfile';
import { MarkdownError } from '../errors.ts';
import type { MarkdownOutput } from '../model.ts';
import { rehypeHighlight } from './highlight.ts';
import { remarkDocgen, type PluginOutput } from './plugin.ts';

/** What one doc needs to render: plain data, so it can cross to a worker thread. */
export interface RenderJob {
  docId: string;
  source: string;
  body: string;
  bodyLine: number;
  apiBaseUrl: string;
}


// One processor per thread: building it (and its highlighter) once keeps V8's caches warm.
let processor: Promise<Processor<any, any, any, any, any>> | undefined;

function getProcessor() {
  processor ??= rehypeHighlight().then((highlight) =>
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkDirective)
      .use(remarkDocgen)
      .use(remarkRehype, { allowDangerousHtml: true, footnoteLabelTagName: 'h2' })
      .use(() => highlight)
      .use(rehypeStringify, { allowDangerousHtml: true })
      .freeze(),
  );
  return processor;
}

/** Render one doc's Markdown to HTML plus what the later stages need (toc, ids, links…). */
export async function renderMarkdown(job: RenderJob): Promise<MarkdownOutput> {
  const out: PluginOutput = { toc: [], ids: [], links: [], sections: [], diagnostics: [] };
  const file = new VFile({ value: job.body, data: { docgen: { input: { source: job.source, bodyLine: job.bodyLine, apiBaseUrl: job.apiBaseUrl }, out } } });
  let html: string;
  try {
    html = String(await (await getProcessor()).process(file));
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
