import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Diagnostic, Doc, Rendered, SiteConfig, SiteContent } from '../model.ts';
import type { CacheEntry, MarkdownCache } from './cache.ts';
import { resolveSourcePath } from '../content/routes.ts';
import { ASSET_LINK, MD_LINK } from './plugin.ts';
import { renderAll, type WorkerPool } from './pool.ts';
import type { RenderJob } from './render.ts';

export { MarkdownCache } from './cache.ts';
export { startPool, type WorkerPool } from './pool.ts';

export interface MarkdownResult {
  rendered: Rendered[];
  /** How many docs were rendered (not served from the cache). */
  renderedCount: number;
  /** Worker threads used (0: rendered in the main thread). */
  workers: number;
}

function jobOf(doc: Doc, config: SiteConfig): RenderJob {
  return { docId: doc.id, source: doc.source, body: doc.body, bodyLine: doc.bodyLine, apiBaseUrl: config.apiBaseUrl };
}

const PLACEHOLDER = new RegExp(`(${MD_LINK}|${ASSET_LINK})([^"#]*)(#[^"]*)?`, 'g');
const SCHEME_OR_ABSOLUTE = /^([a-z][a-z0-9+.-]*:|\/|#)/i;

/**
 * Links that depend on other files (relative `.md` links, images) are resolved after the
 * cache, so a cached page stays valid when another file moves.
 */
function resolve(doc: Doc, entry: CacheEntry, key: string, content: SiteContent, bySource: Map<string, Doc>, root: string): Rendered {
  const diagnostics: Diagnostic[] = [...entry.meta.diagnostics];
  // The routes its relative links resolve to are part of what the HTML is made from.
  const targets: (string | null)[] = [];
  for (const link of entry.meta.links) {
    if (SCHEME_OR_ABSOLUTE.test(link.url) || !/\.mdx?(#|$)/.test(link.url)) continue;
    const target = resolveSourcePath(doc.source, link.url.split('#')[0]);
    targets.push(bySource.get(target)?.route ?? null);
    if (!bySource.has(target)) {
      diagnostics.push({
        severity: 'error',
        kind: 'broken markdown link',
        message: `${link.url} → no such file ${target}`,
        location: { file: doc.source, line: link.line, column: link.column },
        hint: 'relative .md links are resolved from the folder of the file that contains them',
      });
    }
  }
  const html = () =>
    entry.html().replace(PLACEHOLDER, (_all, scheme: string, target: string, hash = '') => {
      if (scheme === ASSET_LINK) return content.assets.get(path.join(root, target))?.url ?? target;
      const found = bySource.get(target);
      return found ? `${found.route}${hash}` : `${target}${hash}`;
    });
  const resolvedKey = targets.length ? createHash('sha256').update(key).update(JSON.stringify(targets)).digest('hex').slice(0, 32) : key;
  return { ...entry.meta, diagnostics, html, key: resolvedKey };
}

/**
 * Docs already rendered in this process (the dev server keeps one across edits, for one config):
 * an unchanged Doc object is neither hashed nor looked up in the cache again.
 */
export type RenderMemo = WeakMap<Doc, { key: string; entry: CacheEntry }>;

/** The markdown stage: Doc[] → Rendered[], through the cache and the worker pool. */
export async function renderDocs(content: SiteContent, config: SiteConfig, cache: MarkdownCache, root: string, pool?: WorkerPool, memo?: RenderMemo): Promise<MarkdownResult> {
  const jobs = new Map<string, RenderJob>();
  const done = new Map<string, { key: string; entry: CacheEntry }>();
  const misses: RenderJob[] = [];
  for (const doc of content.docs) {
    const known = memo?.get(doc);
    if (known) {
      done.set(doc.id, known);
      continue;
    }
    const job = jobOf(doc, config);
    jobs.set(doc.id, job);
    const hit = cache.get(job);
    if (hit) done.set(doc.id, { key: cache.key(job), entry: hit });
    else misses.push(job);
  }
  const workers = await renderAll(misses, (output) => {
    const job = jobs.get(output.docId)!;
    done.set(output.docId, { key: cache.key(job), entry: cache.set(job, output) });
  }, pool);
  await cache.flush();
  // With a memo, docs it answered were not looked up, so pruning would drop their entries.
  if (!memo) cache.prune();
  const bySource = new Map(content.docs.map((d) => [d.source, d]));
  const rendered = content.docs.map((d) => {
    const { key, entry } = done.get(d.id)!;
    memo?.set(d, { key, entry });
    return resolve(d, entry, key, content, bySource, root);
  });
  return { rendered, renderedCount: misses.length, workers };
}
