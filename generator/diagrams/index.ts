import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MERMAID_ENTRY, mermaidFolder } from '../../common/diagrams.ts';
import type { Doc, OutputFile } from '../model.ts';

/** A fenced ```` ```mermaid ```` block's opening line, at any indentation (lists, quotes). */
const MERMAID_FENCE = /^[\t >]*(?:`{3,}|~{3,})[ \t]*mermaid\b/im;

/** Whether any doc (of any version) has a diagram: the runtime is published only then. */
export function usesDiagrams(docs: Iterable<Pick<Doc, 'body'>>): boolean {
  for (const doc of docs) if (MERMAID_FENCE.test(doc.body)) return true;
  return false;
}

/**
 * mermaid's browser build as the package ships it (the entry and its chunks, minified, no
 * source maps), rather than through the theme's esbuild bundle: bundling its ~1,000 modules
 * would add most of a second to every build, warm ones included, for files that never change.
 */
function mermaidFiles(): OutputFile[] {
  const pkgFile = createRequire(import.meta.url).resolve('mermaid/package.json');
  const { version } = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { version: string };
  const dist = path.join(path.dirname(pkgFile), 'dist');
  const chunks = path.join('chunks', 'mermaid.esm.min');
  const names = [MERMAID_ENTRY, ...fs.readdirSync(path.join(dist, chunks)).filter((n) => n.endsWith('.mjs')).sort().map((n) => path.join(chunks, n))];
  const folder = mermaidFolder(version);
  return names.map((name) => ({
    path: folder + name.split(path.sep).join('/'),
    contents: () => fs.readFileSync(path.join(dist, name)),
    key: `mermaid@${version}:${name}`,
  }));
}

/** The diagram runtime's files when the site has a diagram, else none. */
export function diagramAssets(docs: Iterable<Pick<Doc, 'body'>>): OutputFile[] {
  return usesDiagrams(docs) ? mermaidFiles() : [];
}
