import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createHighlighter, createCssVariablesTheme } from 'shiki';
const root = process.argv[2];
const files = ['content', 'versioned_docs'].flatMap((r) => { try { return readdirSync(path.join(root, r), { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f)).map((f) => path.join(root, r, f)); } catch { return []; } });
const blocks = [];
for (const f of files) { const t = readFileSync(f, 'utf8'); for (const m of t.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```/gm)) blocks.push([m[1], m[2]]); }
const langs = new Map(); for (const [l, c] of blocks) langs.set(l, (langs.get(l) ?? 0) + 1);
console.log('blocks', blocks.length, [...langs].sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l}:${n}`).join(' '));
const theme = createCssVariablesTheme({ name: 'docgen', variablePrefix: '--shiki-' });
let t = performance.now();
const hl = await createHighlighter({ themes: [theme], langs: [] });
console.log('create', (performance.now() - t).toFixed(0));
const first = new Map(), total = new Map();
for (const [l, c] of blocks) {
  const t0 = performance.now();
  if (!first.has(l)) { try { await hl.loadLanguage(l); } catch { first.set(l, -1); continue; } }
  if (first.get(l) === -1) continue;
  hl.codeToTokens(c, { lang: l, theme: 'docgen', tokenizeTimeLimit: 0 });
  const dt = performance.now() - t0;
  if (!first.has(l)) first.set(l, dt);
  total.set(l, (total.get(l) ?? 0) + dt);
}
console.log([...total].sort((a, b) => b[1] - a[1]).map(([l, v]) => `${l}: first ${first.get(l).toFixed(0)} total ${v.toFixed(0)}`).join('\n'));
console.log('all', [...total.values()].reduce((a, b) => a + b, 0).toFixed(0));
