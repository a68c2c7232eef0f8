// Bundled and run by run.mjs --search: the search files of a finished build (document count,
// the manifest's and the shards' raw and gzip sizes, ratio to the Markdown source's gzip), what
// each query downloads before its first results (pointer, manifest, the term shards it needs,
// the document shards of its hits; gzip), query latency in Node over a fixed list of queries
// typed letter by letter (exact, and as first answered: without the tails of common terms), and (--ready) in Chromium the time from focusing the box to the
// first results of a typed query, with the gzip bytes of the search files it fetched.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { shardFile, type SearchManifest } from '../../common/search/shards.ts';
import { queryShards, search, type SearchDoc, type SearchPointer } from '../../theme/components/SearchBar/query.ts';
import type { SearchIndex } from '../../theme/components/SearchBar/scorer.ts';
import { readSearch, ShardedSearch } from '../../theme/components/SearchBar/shards.ts';
import { boxFirstResults } from './search-browser.ts';

const SITE_QUERIES = ['detokenize', 'reactor', 'apple pay', 'rate limit', 'idempotency', 'ephemeral proxy', '3ds', 'kotlin', 'terraform', 'mask', 'tokenize', 'token types', 'network tokens', 'account updater', 'access rules', 'pagination', 'ip addresses', 'fingerprint', 'aliasing', 'stripe forward', 'proxy errors', 'errors', '3d secure', 'react native', 'python', 'search tokens', 'connections', 'filters', 'webhooks', 'card'];

const gz = (b: Buffer | string) => gzipSync(b).length;

function markdownGzip(contentDir: string): number {
  const files = (readdirSync(contentDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).sort();
  return gzipSync(Buffer.concat(files.map((f) => readFileSync(path.join(contentDir, f)))), { level: 9 }).length;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** Raw and gzip bytes of files, and the largest one's gzip. */
function sizes(buildDir: string, files: string[]) {
  const each = files.map((f) => readFileSync(path.join(buildDir, f)));
  const gzips = each.map(gz);
  return { files: files.length, raw: each.reduce((s, b) => s + b.length, 0), gzip: gzips.reduce((s, x) => s + x, 0), maxGzip: Math.max(...gzips) };
}

/** The gzip bytes a reader downloads before a query's first results, from a fresh page. */
function firstQueryBytes(buildDir: string, manifest: SearchManifest, index: SearchIndex, docs: SearchDoc[], query: string, fixed: number): number {
  const sharded = new ShardedSearch(manifest, () => Promise.reject(new Error('unused')));
  const hits = search(index, docs, query, 8);
  const files = new Set([...queryShards(index, query).map((i) => shardFile('terms', manifest.stamp, i)), ...hits.map((h) => shardFile('docs', manifest.stamp, sharded.docShardOf(h.ref)))]);
  return fixed + [...files].reduce((s, f) => s + gz(readFileSync(path.join(buildDir, f))), 0);
}

async function main() {
  const [buildDir, contentDir, label] = process.argv.slice(2);
  const read = (file: string) => JSON.parse(readFileSync(path.join(buildDir, file), 'utf8'));
  const pointer = read('search-files.json') as SearchPointer;
  const t0 = performance.now();
  const manifest = read(pointer.lunrIndex) as SearchManifest;
  new ShardedSearch(manifest, () => Promise.reject(new Error('unused')));
  const loadMs = performance.now() - t0;
  const { index, docs } = readSearch(read, pointer);
  const termFiles = manifest.keys.map((_, i) => shardFile('terms', manifest.stamp, i));
  const docFiles = manifest.docShards.map((_, i) => shardFile('docs', manifest.stamp, i));
  // The site's golden queries; on a corpus, the first two words of every 40th section heading.
  const queries = label === 'real site' ? SITE_QUERIES : docs.filter((d, i) => d.heading && i % 40 === 0).slice(0, 40).map((d) => d.heading.split(/\s+/).slice(0, 2).join(' ').toLowerCase());
  const fixed = gz(readFileSync(path.join(buildDir, 'search-files.json'))) + gz(readFileSync(path.join(buildDir, pointer.lunrIndex)));
  const firstBytes = queries.map((q) => firstQueryBytes(buildDir, manifest, index, docs, q, fixed));
  // Typed letter by letter (from 2 letters), as the box queries while typing.
  const typed = queries.flatMap((q) => Array.from({ length: q.length - 1 }, (_, i) => q.slice(0, i + 2)));
  const timed = (over: SearchIndex) => {
    for (const q of typed) search(over, docs, q, 8); // warm-up
    return typed.map((q) => {
      const t = performance.now();
      search(over, docs, q, 8);
      return performance.now() - t;
    });
  };
  const times = timed(index);
  // What the box answers first on a large site: common terms from their best postings only.
  const firstTimes = timed(readSearch(read, pointer, false).index);
  const route = docs.find((d) => d.heading === '' && d.url !== '/docs/')?.url ?? '/docs/';
  const browser = process.argv.includes('--ready') ? await boxFirstResults(buildDir, route, queries.slice(0, 5)) : undefined;
  console.log(
    JSON.stringify({
      label,
      documents: docs.length,
      manifest: sizes(buildDir, [pointer.lunrIndex]),
      terms: sizes(buildDir, termFiles),
      docs: sizes(buildDir, docFiles),
      markdownGzip: markdownGzip(contentDir),
      loadMs,
      firstKB: { p50: percentile(firstBytes, 50) / 1024, max: Math.max(...firstBytes) / 1024, over: queries.length },
      queries: typed.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      first: { p50: percentile(firstTimes, 50), p95: percentile(firstTimes, 95) },
      browser,
    }),
  );
}

await main();
