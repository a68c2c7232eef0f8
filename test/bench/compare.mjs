// `npm run bench -- --compare <git-ref> [--rounds 5] [--sizes 170,2000] [--edits 5]`: the speed of
// this checkout against another commit, measured alternately so that the machine's drift (other
// jobs, thermal state, a warming disk cache) falls on both sides alike. The ref is checked out into
// a temporary worktree beside its own dependencies; each round runs every scenario once per tree,
// the tree that goes first changing every round; the table gives each side's median over rounds.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { discard } from './discard.mjs';
import { buildOnce, clearCache, copyRealSite, median, medianDoc, prepareCli } from './build.mjs';
import { writeCorpus } from './corpus.mjs';
import { benchDev } from './serve.mjs';

/** Within this many percent of the ref's median a scenario counts as "as fast". */
const TOLERANCE = 5;

/** The ref's dependencies: the checkout's own packages linked one by one when the lockfiles are
 * equal (node_modules itself stays a real folder, because docgen finds its package root, and keeps
 * its bundles and caches, from where its files really are), else a clean install. */
function installDeps(repo, dir) {
  const lock = (root) => readFileSync(path.join(root, 'package-lock.json'), 'utf8');
  if (lock(repo) !== lock(dir)) {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
    return 'npm ci';
  }
  const ours = path.join(repo, 'node_modules');
  mkdirSync(path.join(dir, 'node_modules'));
  for (const name of readdirSync(ours)) {
    if (name !== '.cache') symlinkSync(path.join(ours, name), path.join(dir, 'node_modules', name));
  }
  return 'dependencies linked (same package-lock.json)';
}

/** `ref` checked out into a temporary worktree of `repo`, ready to run. */
function checkoutRef(repo, ref) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-compare-'));
  execFileSync('git', ['-C', repo, 'worktree', 'add', '--detach', dir, ref], { stdio: 'ignore' });
  const commit = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const deps = installDeps(repo, dir);
  return { label: `${ref} (${commit})`, root: dir, cli: path.join(dir, 'bin', 'docgen.mjs'), deps };
}

function removeWorktree(repo, dir) {
  const res = spawnSync('git', ['-C', repo, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  if (res.status !== 0) rmSync(dir, { recursive: true, force: true });
  spawnSync('git', ['-C', repo, 'worktree', 'prune'], { stdio: 'ignore' });
}

/** The bench corpus for one tree: the same pages for both, with the tree's own corpus config
 * when it has one (a config written for one version may not suit the other). */
async function corpusFor(tree, n) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `docgen-compare-${n}-`));
  writeCorpus(n, dir);
  const theirs = path.join(tree.root, 'test', 'bench', 'corpus.mjs');
  if (existsSync(theirs)) {
    const { SITE_CONFIG } = await import(pathToFileURL(theirs).href);
    if (SITE_CONFIG) writeFileSync(path.join(dir, 'site.config.ts'), SITE_CONFIG);
  }
  return dir;
}

/** Per tree: its corpora (with an output folder each) and a copy of its real site for dev. */
async function prepareSites(tree, sizes) {
  tree.corpora = new Map();
  for (const n of sizes) {
    const site = await corpusFor(tree, n);
    tree.corpora.set(n, { site, out: path.join(site, 'build') });
  }
  tree.real = copyRealSite(tree.root);
  tree.doc = medianDoc(tree.real);
}

function removeSites(tree) {
  for (const { site } of tree.corpora?.values() ?? []) rmSync(site, { recursive: true, force: true });
  if (tree.real) rmSync(tree.real, { recursive: true, force: true });
}

/** The scenarios, in the order a round runs them: every size cold, then warm on the output and
 * cache its cold build left, then save-to-reload in `docgen dev` on the real site. */
function scenarios(sizes, edits) {
  const list = [];
  for (const n of sizes) {
    list.push({
      name: `${n}-page cold build`,
      unit: 's',
      run: (t) => {
        const { site, out } = t.corpora.get(n);
        clearCache(site);
        discard(out);
        return buildOnce(t.cli, site, out).seconds;
      },
    });
    list.push({ name: `${n}-page warm build`, unit: 's', run: (t) => buildOnce(t.cli, t.corpora.get(n).site, t.corpora.get(n).out).seconds });
  }
  list.push({
    name: `dev save-to-reload (real site, median of ${edits} edits)`,
    unit: 'ms',
    run: async (t) => (await benchDev(t.cli, t.real, t.doc.file, t.doc.route, edits)).median,
  });
  return list;
}

/** Runs every scenario `rounds` times on both trees, alternating which goes first. */
async function measure(trees, list, rounds) {
  const samples = new Map(list.map((s) => [s.name, trees.map(() => [])]));
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? [0, 1] : [1, 0];
    for (const s of list) {
      for (const i of order) {
        // The builds run synchronously: a turn of the event loop between runs lets Ctrl+C's
        // handler (cleanup) run.
        await new Promise((r) => setImmediate(r));
        const value = await s.run(trees[i]);
        samples.get(s.name)[i].push(value);
        console.error(`round ${round}/${rounds}  ${s.name}  ${trees[i].label}: ${value.toFixed(s.unit === 's' ? 2 : 0)} ${s.unit}`);
      }
    }
  }
  return samples;
}

function formatTable(trees, list, samples) {
  const fmt = (x, unit) => (unit === 's' ? `${x.toFixed(2)} s` : `${x.toFixed(0)} ms`);
  const rows = list.map((s) => {
    const [before, after] = samples.get(s.name).map(median);
    const diff = (100 * (after - before)) / before;
    return { s, before, after, diff, ok: diff <= TOLERANCE };
  });
  const lines = [
    `| scenario | ${trees[0].label} | ${trees[1].label} | difference | within ${TOLERANCE}% |`,
    '|---|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.s.name} | ${fmt(r.before, r.s.unit)} | ${fmt(r.after, r.s.unit)} | ${r.diff >= 0 ? '+' : ''}${r.diff.toFixed(1)}% | ${r.ok ? 'yes' : 'no'} |`),
  ];
  return { text: lines.join('\n'), ok: rows.every((r) => r.ok) };
}

/**
 * Compares the checkout at `repo` (its working tree, uncommitted edits included) with `ref`.
 * Prints the medians and the difference; resolves to false when a scenario is more than
 * TOLERANCE percent slower than the ref.
 */
export async function compare(repo, cli, ref, { rounds, sizes, edits }) {
  if (!ref) throw new Error('--compare needs a git ref, e.g. --compare main');
  const current = { label: 'this tree', root: repo, cli };
  const before = checkoutRef(repo, ref);
  const trees = [before, current];
  const cleanup = () => {
    for (const t of trees) removeSites(t);
    removeWorktree(repo, before.root);
  };
  const onSignal = () => {
    cleanup();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  try {
    console.error(`${before.label} in ${before.root}: ${before.deps}`);
    prepareCli(before.cli);
    for (const t of trees) await prepareSites(t, sizes);
    const list = scenarios(sizes, edits);
    const samples = await measure(trees, list, rounds);
    const { text, ok } = formatTable(trees, list, samples);
    console.log(`\nmedians of ${rounds} interleaved rounds (difference: this tree against ${before.label})\n\n${text}`);
    return ok;
  } finally {
    process.off('SIGINT', onSignal);
    cleanup();
  }
}
