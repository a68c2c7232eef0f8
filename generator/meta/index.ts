import { createHash } from 'node:crypto';
import type { Doc, OutputFile, PageSource, Sidebars, SiteConfig } from '../model.ts';
import { markdownPathFor } from '../render/index.tsx';
import { absoluteUrl } from '../../common/base.ts';
import type { ApiOperation } from '../openapi/model.ts';
import { llmsFull } from './full.ts';
import { docGroups, type DocGroup } from './groups.ts';
import { operationIds, withOperations } from './operations.ts';
import { lastmodOf } from '../history/page.ts';
import type { PageHistory } from '../history/index.ts';
import { withLazyKey } from '../output/key.ts';
import { mayHaveDirective } from '../openapi/usage.ts';

function absolute(config: SiteConfig, route: string): string {
  return absoluteUrl(config.url, config.baseUrl, route);
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** llms.txt's docs: a line each (title, Markdown URL, description) under its sidebar's label, with the operations it shows. */
function docLines(groups: DocGroup[], config: SiteConfig, opsOf: (doc: Doc) => ApiOperation[]): string[] {
  const lines: string[] = [];
  for (const { label, members } of groups) {
    lines.push(`## ${label}`, '');
    for (const d of members) {
      lines.push(`- [${d.title}](${absolute(config, `/${markdownPathFor(d.route)}`)})${d.description ? `: ${d.description}` : ''}`);
      for (const op of opsOf(d)) lines.push(`  - \`${op.method} ${op.path}\`: ${op.summary}`);
    }
    lines.push('');
  }
  return lines;
}

/**
 * The operations each doc shows (`::operation` directives), in the order it names them: found
 * once per doc, as llms.txt, llms-full.txt and the doc's published Markdown all ask.
 */
function operationsOf(operations: Map<string, ApiOperation>): (doc: Doc) => ApiOperation[] {
  const found = new Map<Doc, ApiOperation[]>();
  return (doc) => {
    let ops = found.get(doc);
    if (ops === undefined) {
      ops = operations.size && mayHaveDirective(doc.raw) ? operationIds(doc.raw).flatMap((id) => operations.get(id) ?? []) : [];
      found.set(doc, ops);
    }
    return ops;
  };
}

/** A doc's published Markdown: its source, with each operation it shows written out (only when the file is not reused). */
function published(doc: Doc, config: SiteConfig, operations: Map<string, ApiOperation>, ops: ApiOperation[]): OutputFile {
  const path = markdownPathFor(doc.route);
  if (!ops.length) return withLazyKey({ path, contents: doc.raw }, () => rawKey(doc));
  const key = () => createHash('sha256').update(rawKey(doc)).update(config.apiBaseUrl).update(ops.map((o) => o.hash).join()).digest('hex').slice(0, 24);
  return withLazyKey({ path, contents: () => withOperations(doc.raw, operations, config.apiBaseUrl) }, key);
}

/** Every route, with the date its source last changed in git (`lastmod`) where the history has it. */
function sitemapXml(sources: (Doc | PageSource)[], config: SiteConfig, history?: PageHistory): string {
  const urls = sources
    .map((s) => ({ route: s.route, lastmod: lastmodOf(s.source, history) }))
    .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
    .map(({ route, lastmod }) => `<url><loc>${escapeXml(absolute(config, route))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * Files for machines: sitemap.xml (every route), llms.txt (every page with title, URL and
 * description, grouped by sidebar, and the operations each shows), llms-full.txt (every doc's
 * Markdown in the same order) and each doc's Markdown
 * source beside its page (operations written out as Markdown). The sitemap and llms.txt
 * cover the latest docs only: an older version's pages name the latest as canonical.
 */
export function buildMeta(docs: Doc[], pages: PageSource[], config: SiteConfig, sidebars: Sidebars, operations: Map<string, ApiOperation> = new Map(), history?: PageHistory): OutputFile[] {
  const latest = docs.some((d) => d.version) ? docs.filter((d) => !d.version) : docs;
  const sitemap = sitemapXml([...pages, ...latest], config, history);
  const lines = [`# ${config.title}`, ''];
  if (config.tagline) lines.push(`> ${config.tagline}`, '');
  if (pages.length) {
    lines.push('## Pages', '');
    for (const p of pages) lines.push(`- [${p.meta.title ?? config.title}](${absolute(config, p.route)})${p.meta.description ? `: ${p.meta.description}` : ''}`);
    lines.push('');
  }
  const groups = docGroups(latest, config, sidebars);
  const opsOf = operationsOf(operations);
  lines.push(...docLines(groups, config, opsOf));
  const sources = new Map(docs.map((d) => [d, published(d, config, operations, opsOf(d))]));
  const full = llmsFull(groups, config, { url: (route) => absolute(config, route), opsOf, operations, sourceKey: (d) => sources.get(d)!.key! });
  return [{ path: 'sitemap.xml', contents: sitemap }, { path: 'llms.txt', contents: lines.join('\n') }, full, ...sources.values()];
}

// The dev server emits the files again after every edit, with the same Doc objects for the
// docs that did not change: their sources are hashed once.
// Not run data: the hash of a doc's own `raw`, held only while that Doc object lives (weakly).
const rawKeys = new WeakMap<Doc, string>();
function rawKey(doc: Doc): string {
  let key = rawKeys.get(doc);
  if (!key) {
    key = createHash('sha256').update(doc.raw).digest('hex').slice(0, 24);
    rawKeys.set(doc, key);
  }
  return key;
}
