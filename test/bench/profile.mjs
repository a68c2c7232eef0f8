// Where a cold build's CPU goes, per thread: V8's sampling profiler (`node --cpu-prof`) on the
// main thread and on each Markdown worker, summarised as busy time, garbage collection and the
// functions that hold the time. Sample times are wall-clock: on a machine with fewer cores than
// busy threads a thread's time includes waiting for a core, so compare threads of one run only.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearCache } from './build.mjs';

const SPECIAL = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/** Self and inclusive milliseconds per function (`name file:line`) of one `.cpuprofile`. */
export function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const inclusive = new Map();
  const name = (n) => {
    const f = n.callFrame;
    if (SPECIAL.has(f.functionName)) return f.functionName;
    const file = f.url.replace(/^file:\/\//, '').replace(/.*\/node_modules\//, '').replace(/^.*\/(generator|theme|common)\//, '$1/');
    return `${f.functionName || '(anonymous)'} ${file || '(native)'}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  };
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = profile.timeDeltas[i] / 1000;
    total += ms;
    const leaf = name(byId.get(id));
    self.set(leaf, (self.get(leaf) ?? 0) + ms);
    const seen = new Set();
    for (let x = id; x !== undefined; x = parent.get(x)) {
      const key = name(byId.get(x));
      if (seen.has(key) || key === '(root)') continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  });
  const idle = self.get('(idle)') ?? 0;
  const gc = self.get('(garbage collector)') ?? 0;
  const wasm = [...self].filter(([k]) => k.includes('wasm://')).reduce((s, [, v]) => s + v, 0);
  return { total, busy: total - idle, gc, wasm, self, inclusive };
}

/** Which thread a profile is: the main one, or a worker named by what it spends its time on. */
function role(file, summary) {
  if (/\.0\.\d+\.cpuprofile$/.test(file)) return 'main';
  return summary.wasm > summary.busy * 0.3 ? 'highlighter worker' : 'parser worker';
}

const top = (map, n) => [...map].filter(([k]) => !SPECIAL.has(k)).sort((a, b) => b[1] - a[1]).slice(0, n);

/** Build `site` cold with the profiler on; the stage timings the build printed and one summary per thread. */
export function profileBuild(cli, site, { functions = 12 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-profile-'));
  clearCache(site);
  const out = path.join(dir, 'build');
  const res = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', path.join(dir, 'prof'), cli, 'build', '--verbose', '--out', out], { cwd: site, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`build failed in ${site}:\n${res.stderr}`);
  const timings = /timings \(ms\): ([^;\n]*)/.exec(res.stderr)?.[1] ?? '';
  const threads = readdirSync(path.join(dir, 'prof'))
    .sort()
    .map((file) => {
      const summary = summarise(JSON.parse(readFileSync(path.join(dir, 'prof', file), 'utf8')));
      return { role: role(file, summary), ...summary, selfTop: top(summary.self, functions), inclusiveTop: top(summary.inclusive, functions) };
    });
  rmSync(dir, { recursive: true, force: true });
  return { timings, threads };
}

/** The profile as Markdown: a table of threads, then each thread's heaviest functions. */
export function formatProfile(label, { timings, threads }) {
  const s = (ms) => (ms / 1000).toFixed(2);
  const lines = [`### ${label}`, '', `stage timings (ms, wall, stages overlap): ${timings}`, '', '| thread | sampled s | busy s | GC s | WebAssembly s |', '|---|---:|---:|---:|---:|'];
  for (const t of threads) lines.push(`| ${t.role} | ${s(t.total)} | ${s(t.busy)} | ${s(t.gc)} | ${s(t.wasm)} |`);
  for (const t of threads) {
    lines.push('', `${t.role}: heaviest functions, self ms | inclusive ms`, '');
    const rows = Math.max(t.selfTop.length, t.inclusiveTop.length);
    lines.push('| self ms | function | inclusive ms | function |', '|---:|---|---:|---|');
    for (let i = 0; i < rows; i++) {
      const [sk, sv] = t.selfTop[i] ?? ['', 0];
      const [ik, iv] = t.inclusiveTop[i] ?? ['', 0];
      lines.push(`| ${sv.toFixed(0)} | \`${sk}\` | ${iv.toFixed(0)} | \`${ik}\` |`);
    }
  }
  return lines.join('\n');
}
