// Bundled and run by budgets.mjs: builds the site's client twice, as shipped and with React
// left out, and reports the gzip size of what a page loads up front (the site's config script,
// entries and the chunks they import statically; chunks loaded on demand are not counted).
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { buildClient, themeConfig } from '../../generator/client/index.ts';
import { loadConfig } from '../../generator/config/index.ts';
import { readContent } from '../../generator/content/index.ts';

const REACT = ['react', 'react-dom', 'scheduler'];

function firstLoad(metafile: Metafile): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of metafile.outputs[file].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  for (const [file, out] of Object.entries(metafile.outputs)) if (out.entryPoint && file.endsWith('.js') && !/(^|\/)chunk\./.test(file)) visit(file);
  return [...seen];
}

export async function clientSizes(root: string) {
  const { config } = await loadConfig(root);
  const content = await readContent(root, config);
  const theme = themeConfig(config, content);
  const measure = async (external?: string[]) => {
    const { files, metafile, config: configScript } = await buildClient(theme, { external });
    const byPath = new Map(files.map((f) => [`out/${f.path}`, f.contents as Buffer]));
    const bundle = firstLoad(metafile);
    // The site's config script loads with the bundle, before it.
    const loaded = [...bundle, `out${configScript}`];
    const react = bundle.flatMap((f) => Object.entries(metafile.outputs[f].inputs)).filter(([input]) => REACT.some((r) => input.includes(`node_modules/${r}/`)));
    return {
      files: loaded.length,
      raw: loaded.reduce((n, f) => n + byPath.get(f)!.length, 0),
      gzip: loaded.reduce((n, f) => n + gzipSync(byPath.get(f)!, { level: 9 }).length, 0),
      reactBytes: react.reduce((n, [, i]) => n + i.bytesInOutput, 0),
    };
  };
  return { shipped: await measure(), theme: await measure(REACT) };
}
