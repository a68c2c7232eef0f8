// npm run bench -- --lighthouse [--runs 3] [--verbose]
// Lighthouse 12 (performance, accessibility, best practices, SEO) on four pages of the real site
// (home, a guide, an API page, an SDK page), desktop and mobile, in Debian's Chromium, against
// the site built and served by `docgen serve` on 127.0.0.1. Third-party scripts (every URL of
// another host) are blocked: the score is the site's own. Each page and form factor is audited
// `runs` times and the median run (Lighthouse's own computeMedianRun) is reported.
// Mobile's CPU slowdown is calibrated to this machine, as DevTools' CPU calibration does: the
// default 4x assumes a desktop-class host, and on a slower or busy one it would emulate a phone
// several times slower than the low-tier phone it stands for.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { startServe } from './serve.mjs';

export const LIGHTHOUSE_PAGES = [
  { label: 'home', route: '/' },
  { label: 'guide', route: '/docs/guides/collect/collect-cards' },
  { label: 'API', route: '/docs/api/tokens/tokenize' },
  { label: 'SDK', route: '/docs/sdks/server-side/node' },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-extensions'];

/** Benchmark index of a low-tier phone (a Moto G4 Power), DevTools' calibration target, which Lighthouse's mobile preset emulates. */
const LOW_TIER_PHONE_INDEX = 264;

/** Mobile's CPU slowdown for a host of this benchmark index: at most Lighthouse's default 4x, at least none. */
export function cpuMultiplier(benchmarkIndex) {
  return Math.min(4, Math.max(1, Math.round((10 * benchmarkIndex) / LOW_TIER_PHONE_INDEX) / 10));
}

/** Lighthouse's own CPU benchmark, run in a blank tab of the audited Chromium right before a run. */
async function hostIndex(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const index = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
    await page.close();
    return index;
  } finally {
    await browser.close();
  }
}

/**
 * Ask once for a page and every file of the site it names (and the scripts those import), as a
 * browser would: `docgen serve` compresses a file on its first request and keeps the result, as
 * a host serving pre-compressed files would have done ahead, so no audit pays for compressing.
 */
async function warm(url) {
  const seen = new Set();
  const get = async (u) => {
    if (seen.has(u)) return;
    seen.add(u);
    const res = await fetch(u, { headers: { 'accept-encoding': 'br, gzip' } });
    const body = await res.text();
    const found = /\.js$/.test(new URL(u).pathname)
      ? [...body.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => m[1])
      : u === url
        ? [...body.matchAll(/\s(?:src|href)="(\/[^"/][^"]*\.[a-z0-9]+)"/g)].map((m) => m[1])
        : [];
    await Promise.all(found.map((f) => get(new URL(f, u).href)));
  };
  await get(url);
}

/** Every other host a built page names in a `src` or `href`, as URL patterns to block. */
export function thirdPartyPatterns(html) {
  const hosts = new Set();
  for (const m of html.matchAll(/\s(?:src|href)="(?:https?:)?\/\/([^/"?#]+)/g)) hosts.add(m[1]);
  return [...hosts].sort().flatMap((h) => [`http://${h}/*`, `https://${h}/*`]);
}

/** One Lighthouse run's report. */
async function run(url, port, formFactor, blocked, multiplier) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, blockedUrlPatterns: blocked };
  const config = formFactor === 'desktop' ? desktopConfig : { extends: 'lighthouse:default', settings: { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: multiplier } } };
  const { lhr } = await lighthouse(url, flags, config);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

/** The median of `runs` runs: the four scores (0–100), the failing audits, the bytes and requests. */
async function audit(url, port, formFactor, blocked, runs) {
  const lhrs = [];
  for (let i = 0; i < runs; i++) {
    const multiplier = formFactor === 'desktop' ? 1 : cpuMultiplier(await hostIndex(port));
    lhrs.push(await run(url, port, formFactor, blocked, multiplier));
  }
  const lhr = computeMedianRun(lhrs);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]));
  const failing = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c].auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 0.9) failing.push(`${c}: ${a.id} (${Math.round(a.score * 100)}, ${a.displayValue ?? ''})`);
    }
  }
  const weight = lhr.audits['total-byte-weight'];
  const requests = (weight.details?.items ?? []).map((i) => i.url);
  return { scores, failing, bytes: weight.numericValue, requests, benchmarkIndex: lhr.environment.benchmarkIndex, multiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier };
}

/**
 * Lighthouse over LIGHTHOUSE_PAGES of the build in `dir` (made from `site`), desktop then mobile.
 * Returns the rows; `verbose` lists each run's failing audits and requests.
 */
export async function lighthouseTable(cli, site, dir, { runs = 3, verbose = false } = {}) {
  const server = await startServe(cli, site, { dir });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const rows = [];
  try {
    for (const { label, route } of LIGHTHOUSE_PAGES) {
      const file = path.join(dir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
      const blocked = thirdPartyPatterns(readFileSync(file, 'utf8'));
      await warm(`${server.url}${route}`);
      for (const formFactor of ['desktop', 'mobile']) {
        const r = await audit(`${server.url}${route}`, chrome.port, formFactor, blocked, runs);
        rows.push({ label, route, formFactor, ...r });
        if (verbose) console.error(`${label} ${formFactor} (benchmark index ${Math.round(r.benchmarkIndex)}, CPU ${r.multiplier}x): ${JSON.stringify(r.scores)}\n  failing: ${r.failing.join('; ') || 'none'}\n  ${(r.bytes / 1024).toFixed(1)} KB: ${r.requests.map((u) => u.replace(server.url, '')).join(' ')}`);
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return rows;
}

export function formatLighthouse(rows) {
  const cell = (n) => (n >= 95 ? `${n}` : `**${n}**`);
  return [
    '| page | form factor | performance | accessibility | best practices | SEO | page weight | host benchmark index (CPU slowdown) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.label} \`${r.route}\` | ${r.formFactor} | ${CATEGORIES.map((c) => cell(r.scores[c])).join(' | ')} | ${(r.bytes / 1024).toFixed(0)} KB | ${Math.round(r.benchmarkIndex)} (${r.multiplier}x) |`),
  ].join('\n');
}
