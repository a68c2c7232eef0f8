// The search box in Chromium on a finished build (bench --search): for each query, a fresh page
// whose box is focused and the query typed at once; the time from focus to the first results
// shown, and the gzip bytes of the search files the page asked for until then (the tails of
// common terms, asked for once the first answer is made, apart).
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createStaticServer } from '../../generator/serve/index.ts';

const SEARCH_FILE = /\/(search-files(-[\w.~-]+)?|search-doc-\d+|lunr-index-\d+)\.json$/;

export interface BoxFigures {
  /** Median over the queries: focus → first results shown, ms. */
  ms: number;
  /** Largest over the queries: gzip KB of the search files fetched before the first results. */
  maxKB: number;
  samples: { query: string; ms: number; kb: number; files: number }[];
}

export async function boxFirstResults(buildDir: string, route: string, queries: string[]): Promise<BoxFigures> {
  // Fast compression: the server compresses each file when first asked for, where a static
  // host serves files compressed ahead; at its best level that would be most of what is timed.
  const server: Server = createStaticServer(buildDir, { compression: 'fast' });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const manifest = `/${(JSON.parse(readFileSync(path.join(buildDir, 'search-files.json'), 'utf8')) as { lunrIndex: string }).lunrIndex}`;
  try {
    const samples: BoxFigures['samples'] = [];
    for (const query of queries) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      // In the page: focus, type the query at once (as React sees typing), wait for the list;
      // the search files whose request started by then, tails (read after the first answer) apart.
      const { ms, fetched } = await page.evaluate(async (q) => {
        const box = document.getElementById('search_input_react') as HTMLInputElement;
        const t0 = performance.now();
        box.focus();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, q);
        box.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise<void>((resolve) => {
          const check = () => (document.querySelector('#search-results') ? resolve() : requestAnimationFrame(check));
          check();
        });
        const t1 = performance.now();
        const names = performance.getEntriesByType('resource').filter((e) => e.startTime >= t0 && e.startTime <= t1).map((e) => new URL(e.name).pathname);
        return { ms: t1 - t0, fetched: names };
      }, query);
      const files = fetched.filter((f) => SEARCH_FILE.test(f) && !(f.startsWith('/lunr-index-') && f.length > manifest.length && Number(f.slice(-9, -5)) >= 5000)).map((f) => f.slice(1));
      const kb = files.reduce((s, f) => s + gzipSync(readFileSync(path.join(buildDir, f))).length, 0) / 1024;
      samples.push({ query, ms, kb, files: files.length });
      await context.close();
    }
    const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
    return { ms: sorted[Math.floor(sorted.length / 2)], maxKB: Math.max(...samples.map((s) => s.kb)), samples };
  } finally {
    await browser.close();
    server.close();
  }
}
