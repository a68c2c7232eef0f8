// The search box in Chromium on a finished build (bench --search): for each query, a fresh page
// whose box is focused and the query typed at once; the time from focus to the first results
// shown, and the gzip bytes of the search files the page fetched until then.
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
  const server: Server = createStaticServer(buildDir);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const samples: BoxFigures['samples'] = [];
    for (const query of queries) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      const fetched: string[] = [];
      page.on('request', (req) => {
        const p = new URL(req.url()).pathname;
        if (SEARCH_FILE.test(p)) fetched.push(p.slice(1));
      });
      await page.evaluate(() => {
        (window as unknown as { t0: number }).t0 = performance.now();
        document.getElementById('search_input_react')!.focus();
      });
      await page.fill('#search_input_react', query);
      await page.waitForSelector('#search-results', { state: 'attached', timeout: 30_000 });
      const ms = await page.evaluate(() => performance.now() - (window as unknown as { t0: number }).t0);
      const kb = fetched.reduce((s, f) => s + gzipSync(readFileSync(path.join(buildDir, f))).length, 0) / 1024;
      samples.push({ query, ms, kb, files: fetched.length });
      await context.close();
    }
    const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
    return { ms: sorted[Math.floor(sorted.length / 2)], maxKB: Math.max(...samples.map((s) => s.kb)), samples };
  } finally {
    await browser.close();
    server.close();
  }
}
