import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createStaticServer } from '../../generator/serve/index.ts';
import { CLI, copyFixture, docgen } from '../helpers.ts';
import { sharedRealBuild } from '../real-build.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this sandbox needs (no network chatter). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface ServedSite {
  url: string;
  dir: string;
  close: () => Promise<void>;
}

/** Build a copy of a fixture and serve it on a free loopback port. */
export async function serveFixture(name: string): Promise<ServedSite> {
  const dir = copyFixture(name);
  const res = await docgen(dir, ['build']);
  if (res.code !== 0) throw new Error(`fixture ${name} failed to build:\n${res.stderr}`);
  const server: Server = createStaticServer(path.join(dir, 'build'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, dir, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * Chromium and a built fixture served, for the tests of one file: started before them and
 * closed after (call at the top of the file; the fields are set once its tests run).
 */
export function useBrowserOn(fixture: string): { browser: Browser; site: ServedSite } {
  const ctx = {} as { browser: Browser; site: ServedSite };
  beforeAll(async () => {
    [ctx.browser, ctx.site] = await Promise.all([launchBrowser(), serveFixture(fixture)]);
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.site?.close();
  });
  return ctx;
}

export interface RealSite {
  browser: Browser;
  /** The real site's build folder, shared by the run's test files: read only. */
  dir: string;
  /** Where it is served by docgen's static server (with its redirects), unless `serve: false`. */
  url: string;
}

/**
 * Chromium and the real site's build (see sharedRealBuild), served on a free loopback port, for
 * the tests of one file: call at the top of the file; the fields are set once its tests run.
 * `serve: false` for a file that serves the build its own way.
 */
export function useRealSite({ serve = true } = {}): RealSite {
  const ctx = {} as RealSite;
  let server: Server | undefined;
  beforeAll(async () => {
    [ctx.browser, ctx.dir] = await Promise.all([launchBrowser(), sharedRealBuild()]);
    if (!serve) return;
    server = createStaticServer(ctx.dir);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    ctx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await ctx.browser?.close();
    await new Promise((r) => (server ? server.close(r) : r(null)));
  });
  return ctx;
}

/**
 * A page of `site` in a context of its own (closed with the page), waited for until hydrated
 * unless JavaScript is off; `initScript` runs in it before the page's own scripts.
 */
export async function openPage(browser: Browser, site: ServedSite, path: string, options: BrowserContextOptions = {}, initScript?: () => void): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext(options);
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  page.on('close', () => void context.close());
  const errors = collectErrors(page);
  await page.goto(`${site.url}${path}`);
  if (options.javaScriptEnabled !== false) await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  return { page, errors };
}

/** Collect console errors and uncaught exceptions of a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') errors.push(`${msg.type()}: ${msg.text()} ${msg.location().url}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

export interface CliServer {
  url: string;
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output: () => string;
  /** Ctrl+C; resolves with the exit code and how long the exit took. */
  stop: () => Promise<{ code: number | null; ms: number }>;
}

/** Start `docgen dev` or `docgen serve` (the real CLI) and wait for the URL it prints. */
export function startCli(cwd: string, args: string[], cli = CLI): Promise<CliServer> {
  const child = spawn(process.execPath, [cli, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const stop = async () => {
    const t = performance.now();
    if (child.exitCode === null) child.kill('SIGINT');
    const code = await exited;
    return { code, ms: performance.now() - t };
  };
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d;
      const url = /http:\/\/[\w.:[\]-]+\//.exec(out)?.[0];
      if (url) resolve({ url: url.replace(/\/$/, ''), child, output: () => out, stop });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`docgen ${args[0]} exited with ${code}:\n${out}`)));
  });
}
