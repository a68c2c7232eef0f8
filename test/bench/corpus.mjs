#!/usr/bin/env node
// Deterministic synthetic documentation corpus for benchmarking docgen.
//
//   node test/bench/corpus.mjs N OUTDIR [--seed 42]
//
// Writes a complete docgen site into OUTDIR: site.config.ts, content/docs/index.md and N-1
// pages content/docs/<l1>/<l2>/<slug>.md with _category_.json files in every folder. Every page
// has front matter, ~750 words of prose (600–900) in 4–8 sections, 3–5 fenced code blocks of
// 10–40 lines, one GFM table, one admonition and 3–6 relative .md links (some with #anchors)
// that all resolve. Same N and seed → byte-identical output. No dependencies, no network.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pickTargets, plan } from './corpus/layout.mjs';
import { renderIndex, renderPage } from './corpus/pages.mjs';
import { Prose } from './corpus/prose.mjs';
import { Rng } from './corpus/rng.mjs';

export { slugify } from './corpus/words.mjs';

export const SITE_CONFIG = `import { defineConfig } from 'docgen';
export default defineConfig({ title: 'Bench Docs', url: 'https://bench.docs.example' });
`;

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

function prepareOutDir(outDir) {
  const cfg = path.join(outDir, 'site.config.ts');
  const content = path.join(outDir, 'content');
  const ours = existsSync(cfg) && readFileSync(cfg, 'utf8') === SITE_CONFIG;
  if ((existsSync(cfg) || existsSync(content)) && !ours) {
    throw new Error(`${outDir} already holds a site that is not a bench corpus; refusing to overwrite it`);
  }
  // Regenerating into an existing corpus: start from an empty content/ so no stale page survives.
  if (ours) rmSync(content, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
}

/**
 * Write a corpus of `n` pages (index.md + n-1 pages) into `outDir`.
 * Returns { pages, folders, files } counts.
 */
export function writeCorpus(n, outDir, seed = 42) {
  n = Number(n);
  if (!Number.isInteger(n) || n < 1) throw new Error(`page count must be a positive integer, got ${n}`);
  const rng = new Rng(seed);
  const g = new Prose(rng);
  const { folders, pages } = plan(n, rng, g);
  const byLeaf = new Map();
  const byL1 = new Map();
  for (const p of pages) {
    if (!byLeaf.has(p.leaf)) byLeaf.set(p.leaf, []);
    if (!byL1.has(p.l1)) byL1.set(p.l1, []);
    byLeaf.get(p.leaf).push(p);
    byL1.get(p.l1).push(p);
  }
  const index = { file: 'index.md', title: 'Bench Docs', anchors: ['sections'], sections: [{ h2: 'Sections' }] };

  const files = new Map();
  files.set('site.config.ts', SITE_CONFIG);
  const docs = 'content/docs';
  const firstPages = [...byL1.values()].map((list) => list[0]);
  files.set(`${docs}/index.md`, renderIndex(rng, g, firstPages));
  for (const f of folders) {
    if (!pages.some((p) => p.file.startsWith(`${f.dir}/`))) continue;
    files.set(`${docs}/${f.dir}/_category_.json`, `${JSON.stringify({ label: f.label, position: f.position }, null, 2)}\n`);
  }
  for (const p of pages) {
    // Tiny corpora also link to the index page, and repeat targets to reach three links.
    const linkable = pages.length >= 6 ? pages : [...pages, index];
    const targets = pickTargets(rng, p, linkable, byLeaf, byL1);
    const others = linkable.filter((t) => t !== p);
    while (targets.length < 3) targets.push(rng.pick(others));
    files.set(`${docs}/${p.file}`, renderPage(rng, g, p, targets));
  }

  prepareOutDir(outDir);
  for (const [rel, text] of files) {
    const abs = path.join(outDir, ...rel.split('/'));
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  return { pages: pages.length + 1, folders: folders.length, files: files.size };
}

// ---------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  let seed = 42;
  const positional = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--seed') seed = Number(args[++i]);
    else if (a.startsWith('--seed=')) seed = Number(a.slice('--seed='.length));
    else positional.push(a);
  }
  const [count, outDir] = positional;
  if (!count || !outDir || !Number.isInteger(Number(count)) || Number(count) < 1 || !Number.isFinite(seed)) {
    console.error('usage: node test/bench/corpus.mjs N OUTDIR [--seed 42]');
    process.exit(2);
  }
  let res;
  try {
    res = writeCorpus(Number(count), path.resolve(outDir), seed);
  } catch (err) {
    console.error(`corpus: ${err.message}`);
    process.exit(1);
  }
  console.log(`wrote ${res.pages} pages, ${res.folders} folders (${res.files} files) to ${outDir} (seed ${seed})`);
}
