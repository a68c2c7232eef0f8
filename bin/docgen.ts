import { createRequire } from 'node:module';
import { Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatError, formatUsageError } from '../generator/errors.ts';
import { DOCGEN_ROOT } from '../generator/root.ts';
import { buildCommand, type BuildCommandOptions } from './build.ts';

// Anything that escapes the commands' own handling still gets one readable message and exit 1.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (err) => {
    console.error(formatError(err, process.argv.includes('--verbose')));
    process.exit(1);
  });
}

/**
 * Stop esbuild's service process (the config, page modules and client bundle were compiled by
 * it) and wait until it is collected: an unref'd child is otherwise still running when the CLI
 * exits, and is left behind as a zombie where nothing reaps orphans (containers, CI).
 */
async function stopEsbuild(): Promise<void> {
  // By require(), as the bundle loads esbuild (generator/esbuild/core.mjs): the instance whose service runs.
  const { stop } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  await stop();
  // Its exit is collected only while the event loop runs; /proc shows when it has been.
  const children = `/proc/self/task/${process.pid}/children`;
  const esbuildChild = () => {
    try {
      return readFileSync(children, 'utf8').split(' ').filter(Boolean).some((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'esbuild');
    } catch {
      return false;
    }
  };
  for (let i = 0; i < 100 && esbuildChild(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

const { version } = JSON.parse(readFileSync(path.join(DOCGEN_ROOT, 'package.json'), 'utf8')) as { version: string };
const program = new Command('docgen')
  .description('Build, preview and check a documentation site.')
  .version(version)
  .configureOutput({ outputError: (text, write) => write(formatUsageError(text)) });

program
  .command('build')
  .description('build the site into the output folder')
  .option('--strict', 'treat every warning as an error')
  .option('--out <dir>', 'output folder', 'build')
  .option('--no-cache', 'render every Markdown file again, ignoring the disk cache')
  .option('--force', 'build even when nothing the last build read has changed since')
  .option('--verbose', 'print stage timings and stack traces')
  .option('--report <file>', 'also write the problems found as JSON, for CI tools')
  .option('--check-code', "check the syntax of the docs' JSON, YAML, JS/TS, shell and Python code blocks")
  .option('--previous <sitemap>', 'find moved pages against this sitemap (URL or file) instead of the last build\'s')
  .action(async (opts: BuildCommandOptions) => {
    try {
      await buildCommand(opts);
    } finally {
      await stopEsbuild();
    }
  });

/** A port option as a number (0: any free port). */
function portOf(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`error --port ${value}: not a port number\n  hint: pass 0-65535 (0 picks a free port)`);
    process.exit(1);
  }
  return port;
}

/** Ctrl+C and kill stop a server cleanly, and within a second whatever is still closing. */
function stopOn(close: () => Promise<unknown>): void {
  const stop = () => {
    setTimeout(() => process.exit(0), 500).unref();
    void close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

program
  .command('dev')
  .description('serve the site from memory with live reload, re-rendering what each change touches')
  .option('--port <port>', 'port to listen on (0 picks a free one)', '3000')
  .option('--host <host>', 'address to bind', '127.0.0.1')
  .option('--open', 'open the site in the browser')
  .action(async (opts: { port: string; host: string; open?: boolean }) => {
    // A dev server outlives mistakes: an unexpected error is printed, not fatal.
    for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
      process.removeAllListeners(event);
      process.on(event, (err) => console.error(formatError(err, true)));
    }
    const { startDev } = await import('../generator/dev/index.ts');
    try {
      const dev = await startDev({ root: process.cwd(), port: portOf(opts.port), host: opts.host });
      stopOn(dev.close);
      if (opts.open) {
        const { openBrowser } = await import('../generator/dev/open.ts');
        void dev.ready.then(() => openBrowser(dev.url, (line) => console.log(line)));
      }
    } catch (err) {
      console.error(formatError(err));
      process.exitCode = 1;
    }
  });

program
  .command('serve')
  .description('serve a finished build as a static host would')
  .option('--port <port>', 'port to listen on (0 picks a free one)', '3000')
  .option('--host <host>', 'address to bind', '127.0.0.1')
  .option('--dir <dir>', 'folder to serve', 'build')
  .action(async (opts: { port: string; host: string; dir: string }) => {
    const dir = path.resolve(process.cwd(), opts.dir);
    if (!existsSync(path.join(dir, 'index.html')) && !existsSync(path.join(dir, '404.html'))) {
      console.error(`error ${opts.dir}/: no build found\n  hint: run docgen build first`);
      process.exitCode = 1;
      return;
    }
    // Loaded by this command alone: the HTTP server and its compression are no build's cost.
    const [{ buildBaseUrl }, { createStaticServer }, { listen, urlFor }] = await Promise.all([import('../generator/serve/base.ts'), import('../generator/serve/index.ts'), import('../generator/serve/listen.ts')]);
    const base = buildBaseUrl(dir);
    const server = createStaticServer(dir, { base });
    try {
      const port = await listen(server, portOf(opts.port), opts.host);
      console.log(`serving ${opts.dir}/ at ${urlFor(opts.host, port)}${base.slice(1)}`);
    } catch (err) {
      console.error(formatError(err));
      process.exitCode = 1;
      return;
    }
    stopOn(
      () =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    );
  });

program
  .command('version <name>')
  .description('copy the docs and their sidebars into a new older version named <name> (content/docs stays the latest)')
  .action(async (name: string) => {
    const root = process.cwd();
    try {
      const [{ loadConfig }, { snapshotVersion }] = await Promise.all([import('../generator/config/index.ts'), import('../generator/versions/snapshot.ts')]);
      const { files } = snapshotVersion(root, name, (await loadConfig(root)).config);
      console.log(`version ${name}: ${files} files copied to versioned_docs/version-${name}/, sidebars to versioned_sidebars/version-${name}-sidebars.json, versions.json updated`);
    } catch (err) {
      console.error(formatError(err));
      process.exitCode = 1;
    } finally {
      await stopEsbuild();
    }
  });

program
  .command('check')
  .description('crawl a finished build with linkinator and report broken links')
  .option('--dir <dir>', 'folder holding the build', 'build')
  .option('--external', 'also check links to other sites')
  .action(async (opts: { dir: string; external?: boolean }) => {
    const dir = path.resolve(process.cwd(), opts.dir);
    if (!existsSync(path.join(dir, 'index.html')) && !existsSync(path.join(dir, '404.html'))) {
      console.error(`error ${opts.dir}/: no build found\n  hint: run docgen build first`);
      process.exitCode = 1;
      return;
    }
    const started = performance.now();
    const { crawlSite } = await import('../generator/check/index.ts');
    const report = await crawlSite(dir, { external: opts.external });
    for (const b of report.broken) console.error(`${b.page} broken link: ${b.url} → ${b.reason}`);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const summary = `checked ${report.links} links on ${report.pages} pages${opts.external ? '' : ' (other sites skipped)'}: ${report.broken.length} broken in ${seconds} s`;
    if (report.broken.length) {
      console.error(summary);
      process.exitCode = 1;
    } else console.log(summary);
  });
await program.parseAsync(process.argv);
