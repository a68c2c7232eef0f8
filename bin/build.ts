import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildResult } from '../generator/build.ts';
import { formatDiagnostic, formatError } from '../generator/errors.ts';
import { codeCheckLine } from '../generator/guards/summary.ts';
import { redirectBlock } from '../generator/guards/moved.ts';
import { summarize } from '../generator/links/summary.ts';
import { startEarly } from '../generator/markdown/prestart.ts';
import { startReaderEarly } from '../generator/content/parallel.ts';
import { leftovers, removeInBackground } from '../generator/output/leftovers.ts';
import type { SearchSummary } from '../generator/search/files.ts';
import { openStamp, type StoredResult } from '../generator/uptodate/index.ts';

export interface BuildCommandOptions {
  strict?: boolean;
  out: string;
  cache: boolean;
  force?: boolean;
  verbose?: boolean;
  report?: string;
  checkCode?: boolean;
  previous?: string;
}

/** `docgen build`: the build, or the last one's report when nothing has changed since (uptodate/); exit code 1 on failure. */
export async function buildCommand(opts: BuildCommandOptions): Promise<void> {
  const started = performance.now();
  const root = process.cwd();
  const outDir = path.resolve(root, opts.out);
  // A cold build's workers and esbuild's service first, then the pipeline's own modules (React, zod…) load meanwhile.
  const pool = startEarly(root, opts.cache);
  try {
    // A build that compares itself with another sitemap, or checks code with the tools installed now, always runs.
    const stamp = opts.cache && !opts.previous && !opts.checkCode ? openStamp({ root, outDir, strict: opts.strict === true, written: opts.report ? [path.resolve(root, opts.report)] : [] }) : undefined;
    const last = opts.force ? undefined : stamp?.upToDate();
    if (last) {
      await pool?.close();
      // What killed builds left beside the output is still cleared, as a build would.
      removeInBackground(leftovers(outDir));
      return report(last, opts, started, { 'up-to-date': Math.round(performance.now() - started) });
    }
    stamp?.beforeBuild();
    if (!pool) startReaderEarly(root);
    const { build } = await import('../generator/build.ts');
    const result = await build({ root, outDir, strict: opts.strict, cache: opts.cache, pool, checkCode: opts.checkCode, previous: opts.previous });
    if (result.ok) stamp?.record(result);
    report(result, opts, started);
  } catch (err) {
    await pool?.close();
    console.error(formatError(err, opts.verbose));
    console.error(`build failed; ${opts.out}/ left unchanged`);
    process.exitCode = 1;
  }
}

/** What a build found and made, as the terminal shows it; `upToDate` (the check's timing) when the last build's result is replayed. */
function report(result: BuildResult | StoredResult, opts: BuildCommandOptions, started: number, upToDate?: Record<string, number>): void {
  const full = upToDate ? undefined : (result as BuildResult);
  for (const d of result.diagnostics) console.error(formatDiagnostic(d));
  const moved = redirectBlock(result.diagnostics);
  if (moved) console.error(moved);
  if (result.diagnostics.length) console.error(summarize(result.diagnostics));
  if (full?.codeCheck) console.log(codeCheckLine(full.codeCheck));
  const ok = full ? full.ok : true;
  if (opts.report) writeFileSync(path.resolve(opts.report), `${JSON.stringify({ ok, diagnostics: result.diagnostics }, null, 2)}\n`);
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = result.diagnostics.length - errors;
  if (opts.verbose && full) console.error(`timings (ms): ${Object.entries(full.timings).map(([k, v]) => `${k} ${v}`).join(', ')}; rendered ${full.rendered} docs${full.workers ? ` on ${full.workers} worker threads` : ''}; reused ${full.reused ?? 0} files of the previous build`);
  if (opts.verbose && upToDate) console.error(`timings (ms): ${Object.entries(upToDate).map(([k, v]) => `${k} ${v}`).join(', ')}; rendered 0 docs; nothing written`);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const summary = `${result.pages} pages, ${result.redirects} redirects, ${warnings} warnings, ${errors} errors in ${seconds} s`;
  if (!ok) {
    console.error(`build failed: ${summary}; ${opts.out}/ left unchanged`);
    process.exitCode = 1;
    return;
  }
  if (result.openapi) {
    const { operations, pageExamples, descriptionExamples } = result.openapi;
    console.log(`openapi: ${operations} operations; ${pageExamples} examples of the pages and ${descriptionExamples} of the description checked`);
  }
  if (result.search) {
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const line = (label: string, s: SearchSummary) => `${label}: ${s.documents} documents; ${s.files.map((f) => `${f.path} ${kb(f.bytes)} (${kb(f.gzip)} gzip)`).join(', ')}`;
    console.log(line('search', result.search));
    for (const older of result.search.older ?? []) console.log(line(`search ${older.name}`, older));
  }
  console.log(upToDate ? `${opts.out}/ is up to date: ${summary} (nothing it was built from has changed)` : `built ${opts.out}/: ${summary}`);
}
