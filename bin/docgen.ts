import { Command, Option } from 'commander';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../generator/build.ts';
import { formatDiagnostic, formatError } from '../generator/errors.ts';
import { DOCGEN_ROOT } from '../generator/modules.ts';

const { version } = JSON.parse(readFileSync(path.join(DOCGEN_ROOT, 'package.json'), 'utf8')) as { version: string };
const program = new Command('docgen').description('Build, preview and check a documentation site.').version(version);

program
  .command('build')
  .description('build the site into the output folder')
  .option('--strict', 'treat every warning as an error')
  .option('--out <dir>', 'output folder', 'build')
  .option('--no-cache', 'render every Markdown file again, ignoring the disk cache')
  .option('--verbose', 'print stage timings and stack traces')
  .action(async (opts: { strict?: boolean; out: string; cache: boolean; verbose?: boolean }) => {
    const started = performance.now();
    const root = process.cwd();
    try {
      const result = await build({ root, outDir: path.resolve(root, opts.out), strict: opts.strict, cache: opts.cache });
      for (const d of result.diagnostics) console.error(formatDiagnostic(d));
      const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
      const warnings = result.diagnostics.length - errors;
      if (opts.verbose) console.error(`timings (ms): ${Object.entries(result.timings).map(([k, v]) => `${k} ${v}`).join(', ')}; rendered ${result.rendered} docs`);
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      const summary = `${result.pages} pages, ${result.redirects} redirects, ${warnings} warnings, ${errors} errors in ${seconds} s`;
      if (!result.ok) {
        console.error(`build failed: ${summary}; ${opts.out}/ left unchanged`);
        process.exitCode = 1;
        return;
      }
      console.log(`built ${opts.out}/: ${summary}`);
    } catch (err) {
      console.error(formatError(err, opts.verbose));
      console.error(`build failed; ${opts.out}/ left unchanged`);
      process.exitCode = 1;
    }
  });

program.addOption(new Option('--debug').hideHelp());
await program.parseAsync(process.argv);
