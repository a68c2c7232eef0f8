import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import { VFile } from 'vfile';
import { MarkdownError } from '../errors.ts';
import type { MarkdownOutput } from '../model.ts';
import { rehypeAccessibleGfm } from './a11y.ts';
import { remarkCheapAutolinks } from './autolinks.ts';
import { checkNesting } from './depth.ts';
import type { CodeBlock } from './highlight.ts';
import { htmlIds } from './ids.ts';
import { remarkDocgen, type PluginOutput } from './plugin.ts';
import { parseWithoutCode } from './fences.ts';
import { parseSections } from './sections.ts';
import { spliceCode, type Draft, type RenderJob } from './job.ts';
import { remarkGfmGated } from './syntax.ts';
import { remarkTableProse } from './tables.ts';
import { rehypeComponents } from '../components/render.ts';
import { componentMeta, componentRenderer, spliceComponents } from '../components/splice.ts';


// One processor per thread: building it once keeps V8's caches warm. Not run data: the same
// plugins for every run (what varies per doc travels in the job).
let processor: Processor<any, any, any, any, any> | undefined;

function getProcessor() {
  processor ??= unified()
    .use(remarkParse)
    .use(remarkGfmGated)
    .use(remarkCheapAutolinks)
    .use(remarkDirective)
    .use(remarkDocgen)
    .use(remarkTableProse)
    .use(remarkRehype, { allowDangerousHtml: true, footnoteLabelTagName: 'h2' })
    .use(rehypeAccessibleGfm)
    .use(rehypeComponents)
    .use(rehypeStringify, { allowDangerousHtml: true })
    .freeze();
  return processor;
}

/** Parse and render one doc's Markdown; code blocks are left for `highlightBlock`. */
export async function renderDraft(job: RenderJob): Promise<Draft> {
  // Run in one thread (tests, small sites), the job's components are described here.
  if (job.components?.module && !job.components.meta) job.components = { ...job.components, meta: componentMeta((await componentRenderer(job.components.module)).modules) };
  // Before the parse: a pathological nesting would take it minutes, then overflow the stack.
  checkNesting(job.body, job.source, job.bodyLine);
  const out: PluginOutput = { codeBlocks: [], toc: [], links: [], sections: [], diagnostics: [] };
  const file = new VFile({ value: job.body, data: { docgen: { input: { source: job.source, bodyLine: job.bodyLine, apiBaseUrl: job.apiBaseUrl, badges: job.badges, operations: job.operations, components: job.components }, out } } });
  let html: string;
  try {
    const processor = getProcessor();
    const tree = parseSections(job.body, (text) => parseWithoutCode(text, (t) => processor.parse(t)));
    html = String(processor.stringify(await processor.run(tree, file), file));
  } catch (err) {
    const e = err as { place?: { line?: number; column?: number; start?: { line: number; column: number } } };
    const place = e.place && 'start' in e.place ? e.place.start : e.place;
    throw new MarkdownError(
      `could not render Markdown: ${(err as Error).message}`,
      { file: job.source, line: (place?.line ?? 1) + job.bodyLine - 1, column: place?.column ?? 1 },
      'check the syntax near this line',
      { cause: err },
    );
  }
  const { diagrams, ...rest } = out;
  // Only pages with a diagram load mermaid's parser; its findings are cached with the page.
  if (diagrams) rest.diagnostics.push(...(await import('./mermaid.ts').then((m) => m.checkDiagrams(diagrams, job.source))));
  return { docId: job.docId, html, ...rest, ids: htmlIds(html) };
}

/**
 * Where a doc's code blocks are highlighted: by default in this thread, which then loads shiki (a
 * parser worker sends its blocks to the highlighter, and never loads it).
 */
export type Highlight = (blocks: CodeBlock[]) => Promise<string[]>;

/** Render one doc in this thread: Markdown, then its code blocks (here, or where `highlight` sends them) and components. */
export async function renderMarkdown(job: RenderJob, highlight?: Highlight): Promise<MarkdownOutput> {
  const draft = await renderDraft(job);
  const highlighted = draft.codeBlocks.length ? await (highlight ?? (await import('./highlight.ts')).highlightBlocks)(draft.codeBlocks) : [];
  const renderer = job.components?.module ? await componentRenderer(job.components.module) : undefined;
  return spliceComponents(spliceCode(draft, highlighted), job, renderer);
}
