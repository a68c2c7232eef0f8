// Hugo beside docgen (issue 21): an equivalent Hugo site written from a bench corpus, and one cold
// Hugo build timed the way build.mjs times docgen's. Same pages, same Markdown, same code blocks,
// highlighting on; where the corpus uses docgen-only syntax the site gets Hugo's nearest
// equivalent (see convertMarkdown), so Hugo does the same work rather than less.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { discard } from './discard.mjs';
import { HUGO } from '../apt.mjs';
import { timedSpawn } from './build.mjs';
import { HUGO_CONFIG, HUGO_LAYOUTS } from './hugo-layouts.mjs';

export { HUGO };

export const HUGO_MISSING = 'hugo is not installed: run apt-get install -y hugo (Debian) to compare against it';

/** The hugo binary's path, or null when it is not installed. */
export function hugoAvailable() {
  return existsSync(HUGO) ? HUGO : null;
}

/** Front matter as docgen reads it, as Hugo reads it: sidebar_position orders pages (weight),
 * docgen's id is the route's last segment (Hugo's slug), an absolute docgen slug is the whole
 * route under /docs (Hugo's url). Values are copied as written: both read them as YAML. */
function convertFrontMatter(lines) {
  const out = [];
  for (const line of lines) {
    const m = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (!m) {
      out.push(line);
      continue;
    }
    const [, key, value] = m;
    if (key === 'sidebar_position') out.push(`weight: ${value}`);
    else if (key === 'id') out.push(`slug: ${value}`);
    else if (key === 'slug') out.push(value.replace(/^['"]/, '').startsWith('/') ? `url: /docs${value.replace(/^['"]?\//, '/').replace(/['"]$/, '')}/` : `slug: ${value}`);
    else out.push(line);
  }
  return out;
}

/**
 * The corpus page's Markdown as Hugo needs it. Code fences: docgen's `title="x.js"` and
 * `showLineNumbers` after the language are Hugo's `{title="x.js" linenos=inline}` (Hugo would
 * ignore them, skipping the line numbers docgen renders). `:::note` … `:::` admonitions: Hugo
 * has no directive syntax and would print the colons as text, so they become the admonition
 * shortcode (hugo-layouts.mjs), which renders the same box.
 */
export function convertMarkdown(text) {
  const lines = text.split('\n');
  const out = [];
  let i = 0;
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    out.push('---', ...convertFrontMatter(lines.slice(1, end)), '---');
    i = end + 1;
  }
  let inFence = false;
  for (; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^```(\S*)\s*(.*)$/.exec(line);
    if (fence && !inFence) {
      inFence = true;
      const attrs = [];
      const title = /title="([^"]*)"/.exec(fence[2])?.[1];
      if (title !== undefined) attrs.push(`title="${title}"`);
      if (/\bshowLineNumbers\b/.test(fence[2])) attrs.push('linenos=inline');
      out.push(`\`\`\`${fence[1]}${attrs.length ? ` {${attrs.join(' ')}}` : ''}`);
    } else if (fence && inFence) {
      inFence = false;
      out.push(line);
    } else if (!inFence && /^:::(\w+)\s*$/.test(line)) out.push(`{{< admonition ${line.slice(3).trim()} >}}`);
    else if (!inFence && /^:::\s*$/.test(line)) out.push('{{< /admonition >}}');
    else out.push(line);
  }
  return out.join('\n');
}

function write(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/**
 * Writes the Hugo site equivalent to the corpus at `corpusDir` into `siteDir`: hugo.toml, the
 * layouts, and content/docs/ with every page (the corpus's index.md is the docs section's page,
 * _index.md, as docgen makes it /docs/) and an _index.md per folder from its _category_.json
 * (label → title, position → weight). Returns { pages, folders }.
 */
export function writeHugoSite(corpusDir, siteDir) {
  rmSync(siteDir, { recursive: true, force: true });
  write(path.join(siteDir, 'hugo.toml'), HUGO_CONFIG);
  for (const [rel, text] of Object.entries(HUGO_LAYOUTS)) write(path.join(siteDir, rel), text);
  const docs = path.join(corpusDir, 'content', 'docs');
  const target = path.join(siteDir, 'content', 'docs');
  let pages = 0;
  let folders = 0;
  for (const rel of readdirSync(docs, { recursive: true }).map(String).sort()) {
    const abs = path.join(docs, rel);
    if (rel.endsWith('.md')) {
      const name = path.basename(rel) === 'index.md' ? path.join(path.dirname(rel), '_index.md') : rel;
      write(path.join(target, name), convertMarkdown(readFileSync(abs, 'utf8')));
      pages++;
    } else if (path.basename(rel) === '_category_.json') {
      const { label, position } = JSON.parse(readFileSync(abs, 'utf8'));
      write(path.join(target, path.dirname(rel), '_index.md'), `---\ntitle: ${JSON.stringify(label)}\nweight: ${position}\n---\n`);
      folders++;
    }
  }
  return { pages, folders };
}

/** Pages as docgen counts them: the docs' pages and their folders' pages (not home or 404). */
function countDocPages(outDir) {
  const docs = path.join(outDir, 'docs');
  return existsSync(docs) ? readdirSync(docs, { recursive: true }).filter((f) => String(f).endsWith('.html')).length : 0;
}

/**
 * One cold `hugo --quiet` of `siteDir` into `outDir` in a fresh process: its resources/ folder,
 * the out folder and Hugo's file cache (a fresh --cacheDir) start empty. Returns wall and CPU
 * seconds, peak RSS, doc pages written, and what Hugo printed (nothing when all is well).
 */
export function buildHugoOnce(siteDir, outDir) {
  const hugo = hugoAvailable();
  if (!hugo) throw new Error(HUGO_MISSING);
  discard(path.join(siteDir, 'resources'));
  discard(outDir);
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'docgen-bench-hugo-cache-'));
  try {
    const { res, seconds, cpu, maxRss } = timedSpawn(hugo, ['--quiet', '-s', siteDir, '-d', outDir, '--cacheDir', cacheDir], { cwd: siteDir });
    if (res.status !== 0) throw new Error(`hugo failed in ${siteDir}:\n${res.stderr}${res.stdout}`);
    return { seconds, cpu, rss: maxRss, pages: countDocPages(outDir), output: `${res.stdout}${res.stderr}`.trim() };
  } finally {
    discard(cacheDir);
  }
}
