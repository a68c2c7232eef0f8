// npm run bench -- --budgets
// Size budgets of the theme: first-load JavaScript of a doc page, the theme's own code, CSS,
// the median doc page's HTML on the 170-page corpus, and a typical page's route chunk against
// its HTML. Prints measured figures beside the targets; nothing here is timed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { writeCorpus } from './corpus.mjs';

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function buildSite(cli, site, out) {
  const res = spawnSync(process.execPath, [cli, 'build', '--out', out], { cwd: site, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`build failed in ${site}:\n${res.stderr}`);
}

/**
 * Every script of the site a page loads before it is interactive: its tags and their static
 * imports. Third-party scripts from the config (other hosts) are the site's, not the theme's.
 */
function pageScripts(buildDir, html) {
  const seen = new Set();
  const visit = (url) => {
    if (seen.has(url)) return;
    seen.add(url);
    const code = readFileSync(path.join(buildDir, url));
    for (const m of code.toString().matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) visit(path.posix.join(path.posix.dirname(url), m[1]));
  };
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) {
    const url = m[1] ?? m[2];
    if (!/^(?:[a-z]+:)?\/\//i.test(url)) visit(url);
  }
  return [...seen];
}

const stylesheets = (html) => [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

function docPages(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) docPages(p, out);
    else if (name === 'index.html') out.push(p);
  }
  return out;
}

/** Loads test/bench/client-size.ts, compiled once with esbuild (the sources are TypeScript). */
async function loadClientSizes(repo) {
  const outfile = path.join(repo, 'node_modules', '.cache', 'docgen', 'budgets', 'client-size.mjs');
  await build({ entryPoints: [path.join(repo, 'test', 'bench', 'client-size.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', jsx: 'automatic', outfile, logLevel: 'silent' });
  return (await import(`${pathToFileURL(outfile).href}?${Date.now()}`)).clientSizes;
}

export async function budgets(repo, cli) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'docgen-budgets-'));
  try {
    const real = path.join(tmp, 'real');
    buildSite(cli, repo, real);
    const guide = path.join(real, 'docs', 'guides', 'collect', 'collect-cards', 'index.html');
    const html = readFileSync(guide, 'utf8');
    const scripts = pageScripts(real, html);
    const js = scripts.reduce((n, s) => n + gz(readFileSync(path.join(real, s))), 0);
    const css = stylesheets(html).reduce((n, s) => n + gz(readFileSync(path.join(real, s))), 0);
    const sizes = await (await loadClientSizes(repo))(repo);

    const corpus = path.join(tmp, 'corpus');
    writeCorpus(170, corpus);
    const out = path.join(tmp, 'corpus-build');
    buildSite(cli, corpus, out);
    // The corpus's own 170 pages; the generated index pages of its folders are left out.
    const written = (route) => existsSync(path.join(corpus, 'content', `${route.slice(1)}.md`)) || existsSync(path.join(corpus, 'content', route.slice(1), 'index.md'));
    const routes = docPages(path.join(out, 'docs')).map((file) => `/${path.relative(out, path.dirname(file)).split(path.sep).join('/')}`);
    const pages = routes.filter(written).map((route) => {
      const file = path.join(out, route.slice(1), 'index.html');
      // A folder's own page has a trailing-slash route, so its chunk is the folder's index.json.
      const leaf = path.join(out, '_chunks', `${route.slice(1)}.json`);
      const chunk = readFileSync(existsSync(leaf) ? leaf : path.join(out, '_chunks', route.slice(1), 'index.json'));
      const page = readFileSync(file);
      return { route, html: page.length, htmlGz: gz(page), chunk: chunk.length, chunkGz: gz(chunk) };
    });
    pages.sort((a, b) => a.htmlGz - b.htmlGz);
    const median = pages[Math.floor(pages.length / 2)];
    const rows = [
      ['first-load JS, doc page (gzip)', `${kb(js)} in ${scripts.length} file(s)`, '≤ 90 KB', js <= 90 * 1024],
      ["theme's own code (gzip, without react, react-dom, scheduler)", kb(sizes.theme.gzip), '≤ 25 KB', sizes.theme.gzip <= 25 * 1024],
      ['CSS (gzip)', kb(css), '≤ 20 KB', css <= 20 * 1024],
      [`median doc page HTML (gzip, the ${pages.length} pages of the 170-page corpus)`, kb(median.htmlGz), '≤ 10 KB', median.htmlGz <= 10 * 1024],
      [`route chunk vs HTML, typical page ${median.route}`, `${kb(median.chunk)} vs ${kb(median.html)} raw, ${kb(median.chunkGz)} vs ${kb(median.htmlGz)} gzip`, '≤ its HTML', median.chunk <= median.html],
    ];
    console.log(['| budget | measured | target | ok |', '|---|---:|---:|:-:|', ...rows.map(([a, b, c, ok]) => `| ${a} | ${b} | ${c} | ${ok ? 'yes' : 'NO'} |`)].join('\n'));
    console.log(`\nshipped client up front: ${kb(sizes.shipped.gzip)} gzip (${kb(sizes.shipped.raw)} raw, of which React ${kb(sizes.shipped.reactBytes)} raw) in ${sizes.shipped.files} file(s)`);
    return rows.every((r) => r[3]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
