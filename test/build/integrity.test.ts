import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, copyFixture, docgen } from '../helpers.ts';

/**
 * A damaged cache never reaches a page: a build killed while writing an entry, or a disk that
 * changed one, costs a render, not a page cut short.
 */
let site: string;
let cacheDir: string;
let good: string;
const PAGE = path.join('build', 'docs', 'guide', 'code', 'index.html');

beforeAll(async () => {
  site = copyFixture('basic');
  // A long page, so that its entry is large and a cut lands in its HTML.
  const doc = path.join(site, 'content/docs/guide/code.md');
  writeFileSync(doc, `${readFileSync(doc, 'utf8')}\n${Array.from({ length: 400 }, (_, i) => `Paragraph ${i} of the long tail, with \`code\` and **bold** text.\n`).join('\n')}\nThe very end.\n`);
  expect((await docgen(site, ['build'])).code).toBe(0);
  cacheDir = path.join(site, 'node_modules', '.cache', 'docgen', 'markdown');
  good = readFileSync(path.join(site, PAGE), 'utf8');
  expect(good).toContain('The very end.');
});

/** The cache entry of the long page: the largest. */
function largestEntry(): string {
  const files = readdirSync(cacheDir).filter((f) => f.endsWith('.md.cache'));
  return path.join(cacheDir, files.sort((a, b) => statSync(path.join(cacheDir, b)).size - statSync(path.join(cacheDir, a)).size)[0]);
}

async function rebuildAfter(damage: (entry: string) => void): Promise<void> {
  damage(largestEntry());
  // No previous page to reuse: the page is made from the cache entry.
  rmSync(path.join(site, 'build'), { recursive: true });
  const res = await docgen(site, ['build', '--verbose']);
  expect(res.code).toBe(0);
  expect(res.stderr).toMatch(/rendered 1 docs/);
  expect(readFileSync(path.join(site, PAGE), 'utf8')).toBe(good);
  expect(readdirSync(cacheDir).filter((f) => !f.endsWith('.md.cache'))).toEqual([]);
}

describe('cache integrity', () => {
  it('renders again a page whose cache entry a killed build cut short, and publishes it whole', async () => {
    await rebuildAfter((entry) => {
      const bytes = readFileSync(entry);
      writeFileSync(entry, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    });
  });

  it('renders again a page whose cache entry changed on disk (same length)', async () => {
    await rebuildAfter((entry) => {
      const bytes = readFileSync(entry);
      bytes[bytes.length - 20] = bytes[bytes.length - 20] === 0x61 ? 0x62 : 0x61;
      writeFileSync(entry, bytes);
    });
  });
});

/** The process's state and parent from /proc, or undefined once it is gone (reaped). */
function procStat(pid: string): { name: string; state: string; ppid: number } | undefined {
  try {
    const m = /^\d+ \((.*)\) (\S) (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))!;
    return { name: m[1], state: m[2], ppid: Number(m[3]) };
  } catch {
    return undefined;
  }
}

/** Run `docgen build` with `args`, noting every esbuild process it starts while it runs. */
function buildWatchingChildren(cwd: string, args: string[] = []): Promise<{ code: number | null; esbuild: string[] }> {
  const child = spawn(process.execPath, [CLI, 'build', ...args], { cwd, stdio: 'ignore' });
  const esbuild = new Set<string>();
  const watch = setInterval(() => {
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      const stat = procStat(pid);
      if (stat && stat.ppid === child.pid && stat.name === 'esbuild') esbuild.add(pid);
    }
  }, 10);
  return new Promise((resolve) => child.on('exit', (code) => {
    clearInterval(watch);
    resolve({ code, esbuild: [...esbuild] });
  }));
}

describe('child processes', () => {
  it.runIf(process.platform === 'linux')('docgen build leaves no esbuild process behind, when it succeeds and when it fails', async () => {
    // Without the cache, the service compiles the config, the page modules and the client bundle.
    const ok = await buildWatchingChildren(site, ['--no-cache']);
    expect(ok.code).toBe(0);
    expect(ok.esbuild.length).toBeGreaterThan(0);
    // Today's orphan would show as a zombie (state Z) adopted by another parent.
    expect(ok.esbuild.map(procStat).filter(Boolean)).toEqual([]);

    const config = path.join(site, 'site.config.ts');
    const original = readFileSync(config, 'utf8');
    writeFileSync(config, original.replace('title:', 'titel:'));
    try {
      const failed = await buildWatchingChildren(site, ['--no-cache']);
      expect(failed.code).toBe(1);
      expect(failed.esbuild.map(procStat).filter(Boolean)).toEqual([]);
    } finally {
      writeFileSync(config, original);
    }
  });

  it.runIf(process.platform === 'linux')('a warm build starts no esbuild while the config, page modules and theme are unchanged; an edited page module is compiled again', async () => {
    expect((await docgen(site, ['build'])).code).toBe(0);
    const warm = await buildWatchingChildren(site);
    expect(warm).toEqual({ code: 0, esbuild: [] });
    const home = path.join(site, 'content', 'pages', 'index.tsx');
    const original = readFileSync(home, 'utf8');
    writeFileSync(home, original.replace('<h1>Fixture Docs</h1>', '<h1>Fixture Docs, edited</h1>'));
    try {
      const edited = await buildWatchingChildren(site);
      expect(edited.code).toBe(0);
      expect(edited.esbuild.length).toBeGreaterThan(0);
      expect(readFileSync(path.join(site, 'build', 'index.html'), 'utf8')).toContain('<h1>Fixture Docs, edited</h1>');
    } finally {
      writeFileSync(home, original);
    }
  });

  it('builds a site copied to another folder with its cache: the cached client bundle is written into the new output', async () => {
    const moved = mkdtempSync(path.join(os.tmpdir(), 'docgen-moved-'));
    // Not the previous outputs a build before this one is still deleting in the background.
    cpSync(site, moved, { recursive: true, filter: (src) => !path.basename(src).startsWith('.build-') });
    rmSync(path.join(moved, 'build'), { recursive: true });
    const res = await docgen(moved, ['build']);
    expect(res.stderr).not.toMatch(/refusing to write/);
    expect(res.code).toBe(0);
    const html = readFileSync(path.join(moved, PAGE), 'utf8');
    const script = /<script[^>]+src="\/(assets\/main\.[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(statSync(path.join(moved, 'build', script!)).size).toBeGreaterThan(0);
    rmSync(moved, { recursive: true, force: true });
  });
});
