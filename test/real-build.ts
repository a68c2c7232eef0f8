import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { docgen, REPO } from './helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The run's shared folder (test/global-setup.ts), or one of this process's own when the run has none. */
function sharedFolder(): string {
  const provided = inject('sharedDir');
  if (provided) return provided;
  const own = mkdtempSync(path.join(os.tmpdir(), 'docgen-test-shared-'));
  process.once('exit', () => rmSync(own, { recursive: true, force: true }));
  return own;
}

/** Whether the process holding a lock folder has died (its pid file written, the process gone). */
function lockAbandoned(lock: string): boolean {
  const pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8').trim() || NaN);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/** Build into `root/build` holding the lock; marks the result `ready`, or `failed` with the errors. */
async function buildLocked(root: string): Promise<void> {
  writeFileSync(path.join(root, 'lock', 'pid'), String(process.pid));
  try {
    const dir = path.join(root, 'build');
    rmSync(dir, { recursive: true, force: true });
    const res = await docgen(REPO, ['build', '--out', dir]);
    if (res.code !== 0) writeFileSync(path.join(root, 'failed'), res.stderr);
    else writeFileSync(path.join(root, 'ready'), '');
  } finally {
    rmSync(path.join(root, 'lock'), { recursive: true, force: true });
  }
}

let memo: Promise<string> | undefined;

/**
 * The real site (the repo root) built once per test run and shared by every test file that
 * needs it: the first to ask builds it (a lock folder keeps the others waiting), the others
 * reuse it. Read only: a test that changes files must copy them first. Fails loudly when the
 * build fails.
 */
export function sharedRealBuild(): Promise<string> {
  memo ??= (async () => {
    const root = path.join(sharedFolder(), 'real-site');
    mkdirSync(root, { recursive: true });
    for (;;) {
      if (existsSync(path.join(root, 'ready'))) return path.join(root, 'build');
      if (existsSync(path.join(root, 'failed'))) throw new Error(`the real site failed to build:\n${readFileSync(path.join(root, 'failed'), 'utf8')}`);
      try {
        mkdirSync(path.join(root, 'lock'));
      } catch {
        if (existsSync(path.join(root, 'lock', 'pid')) && lockAbandoned(path.join(root, 'lock'))) rmSync(path.join(root, 'lock'), { recursive: true, force: true });
        await sleep(200);
        continue;
      }
      await buildLocked(root);
    }
  })();
  return memo;
}

/** Every HTML file of a build folder, relative to it with forward slashes, sorted. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

/**
 * The HTML files of a build folder, each page once: a page's `.html` form is a hard link to its
 * `index.html` (the same bytes, and served as a 301 to the clean URL), so it is left out.
 */
export function distinctPages(dir: string): string[] {
  const seen = new Set<string>();
  // `index.html` forms first, so that the clean URL is the one kept.
  const files = htmlFiles(dir).sort((a, b) => Number(!a.endsWith('index.html')) - Number(!b.endsWith('index.html')));
  const kept: string[] = [];
  for (const f of files) {
    const { dev, ino } = statSync(path.join(dir, f));
    const file = `${dev}:${ino}`;
    if (seen.has(file)) continue;
    seen.add(file);
    kept.push(f);
  }
  return kept.sort();
}

/** A redirect stub: a page that only sends the browser elsewhere. */
export function isRedirectStub(file: string): boolean {
  return /<meta http-equiv="refresh"/i.test(readFileSync(file, 'utf8'));
}

/** The URL path a static host serves an HTML file at: `a/index.html` → `/a/`, `404.html` → `/404.html`. */
export function routeOf(rel: string): string {
  return `/${rel.replace(/(^|\/)index\.html$/, '$1')}`;
}
