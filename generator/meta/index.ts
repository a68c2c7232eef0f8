import { createHash } from 'node:crypto';
import { flattenSidebar } from '../../common/navigation.ts';
import { groupOf } from '../content/routes.ts';
import type { Doc, OutputFile, PageSource, Sidebars, SiteConfig } from '../model.ts';
import { markdownPathFor } from '../render/index.tsx';
import { absoluteUrl } from '../../common/base.ts';
import type { ApiOperation } from '../openapi/model.ts';
import { operationIds, withOperations } from './operations.ts';
import { lastmodOf } from '../history/page.ts';
import type { PageHistory } from '../history/index.ts';

function absolute(config: SiteConfig, route: string): string {
  return absoluteUrl(config.url, config.baseUrl, route);
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * llms.txt's docs, under the label of the sidebar whose folder holds them, in the config's order:
 * sidebar order first (how readers meet the pages), then the docs the sidebar does not list.
 */
function docLines(docs: Doc[], config: SiteConfig, sidebars: Sidebars, operations: Map<string, ApiOperation>): string[] {
  const groups = new Map<string | null, Doc[]>();
  for (const d of docs) {
    const group = groupOf(d.id, config.sidebars);
    const list = groups.get(group);
    if (list) list.push(d);
    else groups.set(group, [d]);
  }
  const headed = [...Object.entries(config.sidebars).map(([id, s]) => [id, s.label ?? id] as const), [null, 'Other docs'] as const];
  const lines: string[] = [];
  for (const [id, label] of headed) {
    const order = new Map(flattenSidebar((id !== null && sidebars[id]) || []).map((p, i) => [p.id, i]));
    const inGroup = (groups.get(id) ?? []).sort((a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity) || a.id.localeCompare(b.id));
    if (!inGroup.length) continue;
    lines.push(`## ${label}`, '');
    for (const d of inGroup) {
      lines.push(`- [${d.title}](${absolute(config, `/${markdownPathFor(d.route)}`)})${d.description ? `: ${d.description}` : ''}`);
      for (const op of opsOf(d, operations)) lines.push(`  - \`${op.method} ${op.path}\`: ${op.summary}`);
    }
    lines.push('');
  }
  return lines;
}

/** The operations a doc shows (`::operation` directives), in the order it names them. */
function opsOf(doc: Doc, operations: Map<string, ApiOperation>): ApiOperation[] {
  if (!operations.size || !doc.raw.includes('::operation')) return [];
  return operationIds(doc.raw).flatMap((id) => operations.get(id) ?? []);
}

/** A doc's published Markdown: its source, with each operation it shows written out. */
function published(doc: Doc, config: SiteConfig, operations: Map<string, ApiOperation>): OutputFile {
  const ops = opsOf(doc, operations);
  const path = markdownPathFor(doc.route);
  if (!ops.length) return { path, contents: doc.raw, key: rawKey(doc) };
  const key = createHash('sha256').update(rawKey(doc)).update(config.apiBaseUrl).update(ops.map((o) => o.hash).join()).digest('hex').slice(0, 24);
  return { path, contents: withOperations(doc.raw, operations, config.apiBaseUrl), key };
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
 * description, grouped by sidebar, and the operations each shows) and each doc's Markdown
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
  lines.push(...docLines(latest, config, sidebars, operations));
  return [
    { path: 'sitemap.xml', contents: sitemap },
    { path: 'llms.txt', contents: lines.join('\n') },
    ...docs.map((d) => published(d, config, operations)),
  ];
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
