// npm run bench [-- --only build,dev,serve] [-- --corpus DIR] [-- --sizes 170,2000] [-- --dev-size 2000] [-- --edits 7] [-- --budgets] [-- --lighthouse [--runs 3] [--verbose]]
// build: synthetic corpora (and the real site) built cold and warm: wall time, peak RSS, ms per page
//   and the link check's time (the build's `links` stage).
// dev: `docgen dev` on the real site and a corpus: first page after start (cold and warm cache),
//   save-to-reload for a one-page Markdown edit (file written → SSE update received), Ctrl+C time.
// serve: `docgen serve` requests/s for one doc page with keep-alive (autocannon, 5 s, 10 connections).
// --budgets prints only the size budgets (see budgets.mjs).
// --lighthouse prints only the Lighthouse table (see lighthouse.mjs): four pages of the real site,
//   desktop and mobile, third-party scripts blocked, median of --runs runs; exits 1 when a score is under 95.
// --search [--verbose] prints only the search figures (see search.ts): for the real site and a corpus
//   (--search-size, default 2000): documents, the manifest's and the shards' gzip size, ratio to the
//   Markdown source's gzip, what a query downloads before its first results, query latency p50/p95
//   in Node, and in Chromium the time from focusing the box to the first results of a typed query.
// --profile [--sizes 170,2000] prints only where a cold build's time goes, per thread (see
//   profile.mjs): the corpora and the real site built once each under V8's sampling profiler.
// --compare REF [--rounds 5] [--sizes 170,2000] [--edits 5] times this tree against the git ref REF,
//   interleaved (see compare.mjs): cold and warm corpus builds and dev save-to-reload, medians and
//   the difference in %; exits 1 when a scenario is more than 5% slower than REF.
// --hugo [--rounds 5] [--sizes 170,2000] times docgen against Hugo on each corpus, alternating cold
//   builds (see hugo-bench.mjs); the build table also has a cold Hugo row per corpus when `hugo` is
//   installed (else it says how to install it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgets } from './budgets.mjs';
import { buildOnce, coldAndWarm, copyRealSite, medianDoc, prepareCli } from './build.mjs';
import { writeCorpus } from './corpus.mjs';
import { benchDev, benchServe } from './serve.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(REPO, 'bin', 'docgen.mjs');

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
/** The corpus sizes (`--sizes`, default 170 and 2,000). */
const sizesOpt = () => (opt('sizes') ?? '170,2000').split(',').map(Number);

prepareCli(CLI);

if (args.includes('--compare')) {
  const { compare } = await import('./compare.mjs');
  const ok = await compare(REPO, CLI, opt('compare'), {
    rounds: Number(opt('rounds') ?? 5),
    sizes: sizesOpt(),
    edits: Number(opt('edits') ?? 5),
  });
  process.exit(ok ? 0 : 1);
}

if (args.includes('--hugo')) {
  const { sideBySide } = await import('./hugo-bench.mjs');
  sideBySide(CLI, { rounds: Number(opt('rounds') ?? 5), sizes: sizesOpt() });
  process.exit(0);
}

if (args.includes('--budgets')) {
  const ok = await budgets(REPO, CLI);
  process.exit(ok ? 0 : 1);
}

if (args.includes('--lighthouse')) {
  const { formatLighthouse, lighthouseTable } = await import('./lighthouse.mjs');
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'docgen-bench-lighthouse-'));
  const out = path.join(outDir, 'build');
  buildOnce(CLI, REPO, out);
  const rows = await lighthouseTable(CLI, REPO, out, { runs: Number(opt('runs') ?? 3), verbose: args.includes('--verbose') });
  rmSync(outDir, { recursive: true, force: true });
  console.log(formatLighthouse(rows));
  process.exit(rows.every((r) => Object.values(r.scores).every((s) => s >= 95)) ? 0 : 1);
}

if (args.includes('--search')) {
  const { build } = await import('esbuild');
  const bundle = path.join(REPO, 'node_modules', '.cache', `docgen-bench-search-${process.pid}.mjs`);
  await build({ entryPoints: [path.join(REPO, 'test', 'bench', 'search.ts')], bundle: true, platform: 'node', format: 'esm', outfile: bundle, external: ['playwright-core', 'esbuild', 'react', 'react-dom', 'lightningcss'], logLevel: 'error', banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" } });
  const measure = (label, site) => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'docgen-bench-search-'));
    buildOnce(CLI, site, path.join(outDir, 'build'));
    const res = spawnSync(process.execPath, [bundle, path.join(outDir, 'build'), path.join(site, 'content'), label, '--ready'], { encoding: 'utf8', cwd: REPO });
    rmSync(outDir, { recursive: true, force: true });
    if (res.status !== 0) throw new Error(res.stderr);
    return JSON.parse(res.stdout.trim().split('\n').pop());
  };
  const results = [measure('real site', REPO)];
  const n = Number(opt('search-size') ?? 2000);
  const dir = mkdtempSync(path.join(os.tmpdir(), `docgen-corpus-${n}-`));
  writeCorpus(n, dir);
  // The corpus's config has no navbar; the box needs its `search` item.
  writeFileSync(path.join(dir, 'site.config.ts'), `import { defineConfig } from 'docgen';\nexport default defineConfig({ title: 'Bench Docs', url: 'https://bench.docs.example', navbar: { items: [{ type: 'search', position: 'right' }] } });\n`);
  results.push(measure(`corpus ${n}`, dir));
  rmSync(dir, { recursive: true, force: true });
  rmSync(bundle, { force: true });
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
  console.log([
    '| search | documents | manifest gzip | term shards: n, gzip (largest) | doc shards: n, gzip (largest) | all gzip / Markdown gzip | manifest load | first query downloads p50 / max (gzip) | query p50 / p95 (Node): exact; first answer | focus → first results, KB fetched (Chromium) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map((r) => {
      const all = r.manifest.gzip + r.terms.gzip + r.docs.gzip;
      const box = r.browser ? `${r.browser.ms.toFixed(0)} ms, ≤ ${r.browser.maxKB.toFixed(1)} KB` : '–';
      return `| ${r.label} | ${r.documents} | ${kb(r.manifest.gzip)} | ${r.terms.files}, ${kb(r.terms.gzip)} (${kb(r.terms.maxGzip)}) | ${r.docs.files}, ${kb(r.docs.gzip)} (${kb(r.docs.maxGzip)}) | ${kb(all)} / ${kb(r.markdownGzip)} = ${((100 * all) / r.markdownGzip).toFixed(1)}% | ${r.loadMs.toFixed(0)} ms | ${r.firstKB.p50.toFixed(1)} / ${r.firstKB.max.toFixed(1)} KB over ${r.firstKB.over} queries | ${r.p50.toFixed(2)} / ${r.p95.toFixed(2)} ms; ${r.first.p50.toFixed(2)} / ${r.first.p95.toFixed(2)} ms over ${r.queries} queries | ${box} |`;
    }),
  ].join('\n'));
  if (args.includes('--verbose')) for (const r of results) console.log(JSON.stringify({ label: r.label, browser: r.browser }));
  process.exit(0);
}

if (args.includes('--profile')) {
  const { formatProfile, profileBuild } = await import('./profile.mjs');
  const out = [];
  for (const n of sizesOpt()) {
    const dir = mkdtempSync(path.join(os.tmpdir(), `docgen-corpus-${n}-`));
    writeCorpus(n, dir);
    out.push(formatProfile(`corpus ${n}, cold`, profileBuild(CLI, dir)));
    rmSync(dir, { recursive: true, force: true });
  }
  const real = copyRealSite(REPO);
  out.push(formatProfile('real site, cold', profileBuild(CLI, real)));
  rmSync(real, { recursive: true, force: true });
  console.log(out.join('\n\n'));
  process.exit(0);
}

const only = new Set((opt('only') ?? 'build,dev,serve').split(','));

const rows = [];
if (only.has('build')) {
  const corpus = opt('corpus');
  if (corpus) {
    rows.push(...coldAndWarm(CLI, path.basename(path.resolve(corpus)), path.resolve(corpus)));
  } else {
    const { hugoRow } = await import('./hugo-bench.mjs');
    const { HUGO_MISSING, hugoAvailable } = await import('./hugo.mjs');
    const withHugo = hugoAvailable();
    const hugo = [];
    for (const n of sizesOpt()) {
      const dir = mkdtempSync(path.join(os.tmpdir(), `docgen-corpus-${n}-`));
      writeCorpus(n, dir);
      rows.push(...coldAndWarm(CLI, `corpus ${n}`, dir, n));
      // Hugo's site is written from the same corpus, while it is there.
      if (withHugo) hugo.push(hugoRow(dir, n));
      rmSync(dir, { recursive: true, force: true });
    }
    rows.push(...hugo);
    if (!withHugo) console.log(HUGO_MISSING);
    if (existsSync(path.join(REPO, 'site.config.ts'))) {
      // A copy, as for the corpora: its cold build starts without the site's caches, not without
      // docgen's own (the CLI and worker bundles the checkout keeps under its node_modules/.cache).
      const real = copyRealSite(REPO);
      rows.push(...coldAndWarm(CLI, 'real site', real));
      rmSync(real, { recursive: true, force: true });
    }
  }
  const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  /** What the link check adds to the build: its time over the rest of the build's. */
  const added = (r) => (100 * r.links) / (r.seconds * 1000 - r.links);
  const lines = [
    '| run | pages | wall s | CPU s | peak RSS | ms/page | link check ms (adds) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.run} | ${r.pages} | ${r.seconds.toFixed(2)} | ${Number.isNaN(r.cpu) ? '–' : r.cpu.toFixed(2)} | ${mb(r.rss)} | ${((r.seconds * 1000) / r.pages).toFixed(1)} | ${Number.isNaN(r.links) ? '–' : `${r.links} (${added(r).toFixed(1)}%)`} |`),
  ];
  console.log(lines.join('\n'));
  const c170 = rows.find((r) => r.run === 'corpus 170 cold');
  const c2000 = rows.find((r) => r.run === 'corpus 2000 cold');
  if (c170 && c2000) console.log(`\n2,000-page cold / 170-page cold = ${(c2000.seconds / c170.seconds).toFixed(1)}x (linear would be ${(2000 / 170).toFixed(1)}x)`);
  if (c2000) console.log(`link check on the 2,000-page cold build: ${c2000.links} ms, adding ${added(c2000).toFixed(1)}% to the rest of the build (budget 5%)`);
}

const edits = Number(opt('edits') ?? 7);
if (only.has('dev')) {
  const devRows = [];
  const measure = async (label, site) => {
    const { file, route } = medianDoc(site);
    const cold = await benchDev(CLI, site, file, route, 0);
    const warm = await benchDev(CLI, site, file, route, edits);
    devRows.push({ label, file, cold, warm });
  };
  const real = copyRealSite(REPO);
  await measure('real site', real);
  rmSync(real, { recursive: true, force: true });
  const n = Number(opt('dev-size') ?? 2000);
  const corpusDir = mkdtempSync(path.join(os.tmpdir(), `docgen-corpus-${n}-`));
  writeCorpus(n, corpusDir);
  await measure(`corpus ${n}`, corpusDir);
  rmSync(corpusDir, { recursive: true, force: true });
  const ms = (x) => `${x.toFixed(0)} ms`;
  console.log(['', '| docgen dev | first page, cold cache | first page, warm cache | save-to-reload median (min–max) | Ctrl+C exit |', '|---|---:|---:|---:|---:|',
    ...devRows.map((r) => `| ${r.label} (${r.file}) | ${r.cold.firstPage.toFixed(2)} s | ${r.warm.firstPage.toFixed(2)} s | ${ms(r.warm.median)} (${ms(Math.min(...r.warm.samples))}–${ms(Math.max(...r.warm.samples))}) over ${r.warm.samples.length} edits | ${r.warm.exit.toFixed(2)} s |`)].join('\n'));
}

if (only.has('serve')) {
  const real = copyRealSite(REPO);
  const { route } = medianDoc(real);
  const r = await benchServe(CLI, real, route);
  rmSync(real, { recursive: true, force: true });
  console.log(`\ndocgen serve ${route} (keep-alive, 10 connections, 5 s): ${Math.round(r.rps)} requests/s, ${r.errors} errors, ${r.non2xx} non-2xx, p99 latency ${r.latency} ms`);
}
