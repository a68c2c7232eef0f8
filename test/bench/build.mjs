// What the bench times, for any docgen checkout: a build in a fresh process (wall time, peak RSS,
// the link check's share), and the sites it is timed on (the real site copied, its median doc).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discard } from './discard.mjs';

const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'rss-probe.mjs');

/** The CLI runs from a bundle made on its first run after an install or a source change (see
 * bin/docgen.mjs): made here, so that no timed run pays for it. */
export function prepareCli(cli) {
  const res = spawnSync(process.execPath, [cli, '--version'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${cli} --version failed:\n${res.stderr}`);
}

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const TIME = '/usr/bin/time';

/**
 * `cmd args` in a fresh process, under GNU time when it is installed: wall seconds, and CPU
 * seconds (user + system, the process and the children it waited for: worker threads, esbuild,
 * Hugo's goroutines alike) and peak RSS in bytes as the kernel counted them, NaN without it.
 */
export function timedSpawn(cmd, args, opts) {
  const statsFile = path.join(os.tmpdir(), `docgen-time-${process.pid}-${Date.now()}`);
  const timed = existsSync(TIME);
  const start = process.hrtime.bigint();
  const res = timed
    ? spawnSync(TIME, ['-f', '%U %S %M', '-o', statsFile, cmd, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...opts })
    : spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...opts });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  let cpu = NaN;
  let maxRss = NaN;
  if (timed && existsSync(statsFile)) {
    // GNU time puts "Command exited with non-zero status N" before the figures on failure.
    const [user, sys, kb] = readFileSync(statsFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
    cpu = user + sys;
    maxRss = kb * 1024;
    rmSync(statsFile, { force: true });
  }
  return { res, seconds, cpu, maxRss };
}

/** One `docgen build --verbose` in a fresh process, into `out` as a user would: wall seconds,
 * CPU seconds, peak RSS, pages, and the link check's milliseconds from the stage timings it prints. */
export function buildOnce(cli, site, out, extra = []) {
  const rssFile = path.join(os.tmpdir(), `docgen-rss-${process.pid}-${Date.now()}`);
  const { res, seconds, cpu } = timedSpawn(process.execPath, ['--import', PROBE, cli, 'build', '--verbose', '--out', out, ...extra], {
    cwd: site,
    env: { ...process.env, DOCGEN_RSS_FILE: rssFile },
  });
  if (res.status !== 0) throw new Error(`build failed in ${site}:\n${res.stderr}`);
  const pages = Number(/(\d+) pages/.exec(res.stdout)?.[1] ?? 0);
  const links = Number(/timings \(ms\):.*\blinks (\d+)/.exec(res.stderr)?.[1] ?? NaN);
  const rss = Number(readFileSync(rssFile, 'utf8'));
  rmSync(rssFile, { force: true });
  return { seconds, cpu, rss, pages, links };
}

/** Empties the site's docgen cache, so the next build is cold. */
export function clearCache(site) {
  discard(path.join(site, 'node_modules', '.cache', 'docgen'));
}

/** Cold (empty cache, no previous output), then warm (cache filled, previous output in place,
 * nothing changed: the build finds its output up to date), then warm with `--force` (the build
 * runs, from its caches). `pages` overrides the count for corpora, whose summary also counts
 * the generated folder index pages. */
export function coldAndWarm(cli, label, site, pages) {
  clearCache(site);
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'docgen-bench-out-'));
  const out = path.join(outDir, 'build');
  const cold = buildOnce(cli, site, out);
  const warm = buildOnce(cli, site, out);
  const forced = buildOnce(cli, site, out, ['--force']);
  discard(outDir);
  return [
    { run: `${label} cold`, ...cold, pages: pages ?? cold.pages },
    { run: `${label} warm`, ...warm, pages: pages ?? warm.pages },
    { run: `${label} warm --force`, ...forced, pages: pages ?? forced.pages },
  ];
}

/** The real site of the checkout at `repo` (its older docs versions too), copied to a temp
 * folder (dev edits its files; its cache starts empty). */
export function copyRealSite(repo) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-real-'));
  for (const f of ['content', 'openapi', 'site.config.ts', 'redirects.json', 'versions.json', 'versioned_docs', 'versioned_sidebars']) if (existsSync(path.join(repo, f))) cpSync(path.join(repo, f), path.join(dir, f), { recursive: true });
  return dir;
}

/** The doc of median size: what a typical edit touches. Returns its file and route. */
export function medianDoc(site) {
  const docs = path.join(site, 'content', 'docs');
  const files = readdirSync(docs, { recursive: true })
    .filter((f) => f.endsWith('.md') && !f.endsWith('index.md'))
    .map((f) => ({ f, size: statSync(path.join(docs, f)).size }))
    .sort((a, b) => a.size - b.size);
  const { f } = files[Math.floor(files.length / 2)];
  return { file: path.join('content', 'docs', f), route: `/docs/${f.replace(/\.md$/, '').split(path.sep).join('/')}` };
}
