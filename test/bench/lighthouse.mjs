// npm run bench -- --lighthouse [-- --lighthouse-dir build]
// Lighthouse 12 (performance, accessibility, best practices, SEO) on four pages of the real site
// (home, a guide, an API page, an SDK page), desktop and mobile, in Debian's Chromium, against
// the site built and served by `docgen serve` on 127.0.0.1. Third-party scripts (every URL of
// another host) are blocked: the score is the site's own. Prints one row per page and form factor.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export const LIGHTHOUSE_PAGES = [
  { label: 'home', route: '/' },
  { label: 'guide', route: '/docs/guides/collect/collect-cards' },
  { label: 'API', route: '/docs/api/tokens/tokenize' },
  { label: 'SDK', route: '/docs/sdks/server-side/node' },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-extensions'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function status(url) {
  return new Promise((resolve) => {
    http
      .get(url, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', () => resolve(0));
  });
}

/** `docgen serve --port 0` of a finished build; resolves with its URL once it answers. */
async function serve(cli, site, dir) {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--dir', dir], { cwd: site, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  let url;
  while (!(url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0])) {
    if (child.exitCode !== null) throw new Error(`docgen serve exited:\n${out}`);
    await sleep(20);
  }
  while ((await status(`${url}/`)) !== 200) await sleep(20);
  return { url, stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGINT')))) };
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

/** One Lighthouse run: the four scores (0–100) and the titles of the failing audits. */
async function audit(url, port, formFactor, blocked) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, blockedUrlPatterns: blocked };
  const runner = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  const { lhr } = runner;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]));
  const failing = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c].auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 0.9) failing.push(`${c}: ${a.id} (${Math.round(a.score * 100)})`);
    }
  }
  const weight = lhr.audits['total-byte-weight'];
  const requests = (weight.details?.items ?? []).map((i) => i.url);
  return { scores, failing, bytes: weight.numericValue, requests };
}

/**
 * Lighthouse over LIGHTHOUSE_PAGES of the build in `dir` (made from `site`), desktop then mobile.
 * Returns the rows; `verbose` lists each run's failing audits and requests.
 */
export async function lighthouseTable(cli, site, dir, { verbose = false } = {}) {
  const server = await serve(cli, site, dir);
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const rows = [];
  try {
    for (const { label, route } of LIGHTHOUSE_PAGES) {
      const file = path.join(dir, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
      const blocked = thirdPartyPatterns(readFileSync(file, 'utf8'));
      await warm(`${server.url}${route}`);
      for (const formFactor of ['desktop', 'mobile']) {
        const r = await audit(`${server.url}${route}`, chrome.port, formFactor, blocked);
        rows.push({ label, route, formFactor, ...r });
        if (verbose) console.error(`${label} ${formFactor}: ${JSON.stringify(r.scores)}\n  failing: ${r.failing.join('; ') || 'none'}\n  ${(r.bytes / 1024).toFixed(1)} KB: ${r.requests.map((u) => u.replace(server.url, '')).join(' ')}`);
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
    '| page | form factor | performance | accessibility | best practices | SEO | page weight |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.label} \`${r.route}\` | ${r.formFactor} | ${CATEGORIES.map((c) => cell(r.scores[c])).join(' | ')} | ${(r.bytes / 1024).toFixed(0)} KB |`),
  ].join('\n');
}
