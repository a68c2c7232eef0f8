// Bundled and run by run.mjs --search: the search files of a finished build (document count,
// raw and gzip sizes, ratio to the Markdown source's gzip), query latency in Node over a fixed
// list of queries typed letter by letter, and (--ready) the box's ready time after first focus
// in Chromium.
import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createStaticServer } from '../../generator/serve/index.ts';
import { unpackDocs } from '../../common/search/docs.ts';
import type { CompactIndex } from '../../common/search/compact.ts';
import { SearchIndex } from '../../theme/components/SearchBar/scorer.ts';
import { search, type SearchDoc, type SearchPointer } from '../../theme/components/SearchBar/query.ts';

const SITE_QUERIES = ['detokenize', 'reactor', 'apple pay', 'rate limit', 'idempotency', 'ephemeral proxy', '3ds', 'kotlin', 'terraform', 'mask', 'tokenize', 'token types', 'network tokens', 'account updater', 'access rules', 'pagination', 'ip addresses', 'fingerprint', 'aliasing', 'stripe forward', 'proxy errors', 'errors', '3d secure', 'react native', 'python', 'search tokens', 'connections', 'filters', 'webhooks', 'card'];

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

function markdownGzip(contentDir: string): number {
  const files = (readdirSync(contentDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).sort();
  return gz(Buffer.concat(files.map((f) => readFileSync(path.join(contentDir, f)))));
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

async function boxReady(buildDir: string, route: string): Promise<number> {
  const server: Server = createStaticServer(buildDir);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const samples: number[] = [];
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      samples.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const box = document.getElementById('search_input_react') as HTMLInputElement;
              const t0 = performance.now();
              box.focus();
              const check = () => (box.placeholder.startsWith('Search') ? resolve(performance.now() - t0) : requestAnimationFrame(check));
              check();
            }),
        ),
      );
      await context.close();
    }
    return percentile(samples, 50);
  } finally {
    await browser.close();
    server.close();
  }
}

async function main() {
  const [buildDir, contentDir, label] = process.argv.slice(2);
  const pointer = JSON.parse(readFileSync(path.join(buildDir, 'search-files.json'), 'utf8')) as SearchPointer;
  const docRaw = readFileSync(path.join(buildDir, pointer.searchDoc));
  const indexRaw = readFileSync(path.join(buildDir, pointer.lunrIndex));
  const docs: SearchDoc[] = unpackDocs(JSON.parse(docRaw.toString()));
  const t0 = performance.now();
  const index = SearchIndex.fromCompact(JSON.parse(indexRaw.toString()) as CompactIndex);
  const loadMs = performance.now() - t0;
  // The site's golden queries; on a corpus, the first two words of every 40th section heading.
  const queries = label === 'real site' ? SITE_QUERIES : docs.filter((d, i) => d.heading && i % 40 === 0).slice(0, 40).map((d) => d.heading.split(/\s+/).slice(0, 2).join(' ').toLowerCase());
  // Typed letter by letter (from 2 letters), as the box queries while typing.
  const typed = queries.flatMap((q) => Array.from({ length: q.length - 1 }, (_, i) => q.slice(0, i + 2)));
  for (const q of typed) search(index, docs, q, 8); // warm-up
  const times: number[] = [];
  for (const q of typed) {
    const t = performance.now();
    search(index, docs, q, 8);
    times.push(performance.now() - t);
  }
  const md = markdownGzip(contentDir);
  const route = docs.find((d) => d.heading === '' && d.url !== '/docs/')?.url ?? '/docs/';
  const ready = process.argv.includes('--ready') ? await boxReady(buildDir, route) : undefined;
  console.log(
    JSON.stringify({
      label,
      documents: docs.length,
      doc: { raw: docRaw.length, gzip: gz(docRaw) },
      index: { raw: indexRaw.length, gzip: gz(indexRaw) },
      markdownGzip: md,
      loadMs,
      queries: typed.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      ready,
    }),
  );
}

await main();
