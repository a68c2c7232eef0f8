// `npm run bench -- --hugo [--rounds 5] [--sizes 170,2000]`: docgen and Hugo side by side on the
// same corpus (issue 21). Builds alternate, the tool going first changing every round, so the
// machine's drift (other jobs, a warming disk cache) falls on both alike; every build is cold.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { discard } from './discard.mjs';
import { buildOnce, clearCache, median } from './build.mjs';
import { writeCorpus } from './corpus.mjs';
import { buildHugoOnce, hugoAvailable, HUGO_MISSING, writeHugoSite } from './hugo.mjs';

/** A corpus of `n` pages and its Hugo site, in one temp folder; `run` gets their paths. */
export function withCorpusAndHugoSite(n, run) {
  const root = mkdtempSync(path.join(os.tmpdir(), `docgen-hugo-${n}-`));
  try {
    const corpus = path.join(root, 'corpus');
    writeCorpus(n, corpus);
    writeHugoSite(corpus, path.join(root, 'hugo'));
    return run({ corpus, hugo: path.join(root, 'hugo'), docgenOut: path.join(root, 'docgen-out'), hugoOut: path.join(root, 'hugo-out') });
  } finally {
    discard(root);
  }
}

/** docgen cold: an empty cache and no previous output, as on a fresh CI checkout. */
export function docgenCold(cli, site, out) {
  clearCache(site);
  discard(out);
  return buildOnce(cli, site, out);
}

function hugoCold(siteDir, outDir) {
  const r = buildHugoOnce(siteDir, outDir);
  // A warning would mean Hugo skipped work docgen did (a broken link, a missing layout).
  if (r.output) throw new Error(`hugo printed, on ${siteDir}:\n${r.output}`);
  return r;
}

/** `rounds` cold builds of each tool on an `n`-page corpus, alternating. */
function measureSize(cli, n, rounds) {
  return withCorpusAndHugoSite(n, (p) => {
    const runs = { docgen: [], Hugo: [] };
    const build = { docgen: () => docgenCold(cli, p.corpus, p.docgenOut), Hugo: () => hugoCold(p.hugo, p.hugoOut) };
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? ['docgen', 'Hugo'] : ['Hugo', 'docgen'];
      for (const tool of order) runs[tool].push(build[tool]());
    }
    return { n, runs };
  });
}

function summarize(list) {
  return {
    wall: median(list.map((r) => r.seconds)),
    cpu: median(list.map((r) => r.cpu)),
    rss: Math.max(...list.map((r) => r.rss)),
    pages: list[0].pages,
    each: list.map((r) => r.seconds.toFixed(2)).join(', '),
  };
}

/** The table for one size: a row per tool and the ratios docgen / Hugo. */
export function formatSideBySide({ n, runs }) {
  const d = summarize(runs.docgen);
  const h = summarize(runs.Hugo);
  const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  const row = (tool, s) => `| ${tool} | ${s.wall.toFixed(2)} (${s.each}) | ${s.cpu.toFixed(2)} | ${mb(s.rss)} | ${s.pages} |`;
  return [
    `corpus ${n} pages, cold builds, ${runs.docgen.length} rounds alternating`,
    '| tool | wall s, median (each run) | CPU s (user+sys), median | peak RSS | pages written |',
    '|---|---:|---:|---:|---:|',
    row('docgen', d),
    row('Hugo', h),
    `docgen / Hugo: wall ${(d.wall / h.wall).toFixed(2)}x, CPU ${(d.cpu / h.cpu).toFixed(2)}x`,
  ].join('\n');
}

/** The side-by-side run; false (after printing why) when hugo is not installed. */
export function sideBySide(cli, { rounds, sizes }) {
  if (!hugoAvailable()) {
    console.log(HUGO_MISSING);
    return false;
  }
  const load = () => os.loadavg()[0].toFixed(2);
  for (const n of sizes) {
    // Alternation shares out other work on the machine; the load says how much there was.
    const before = load();
    const table = formatSideBySide(measureSize(cli, n, rounds));
    console.log(`${table}\n1-minute load average before / after: ${before} / ${load()} (${os.cpus().length} cores)\n`);
  }
  return true;
}

/** The default bench's Hugo row for a corpus already written: one cold build of its Hugo site (pages: the corpus's, as its docgen rows). */
export function hugoRow(corpus, n) {
  const root = mkdtempSync(path.join(os.tmpdir(), `docgen-hugo-${n}-`));
  try {
    writeHugoSite(corpus, path.join(root, 'hugo'));
    return { run: `corpus ${n} Hugo cold`, ...hugoCold(path.join(root, 'hugo'), path.join(root, 'hugo-out')), pages: n, links: NaN };
  } finally {
    discard(root);
  }
}
