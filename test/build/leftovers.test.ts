import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, copyFixture, docgen } from '../helpers.ts';

/** The pid of a process that has ended. */
const deadPid = () => Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim());

/** A temporary folder of a build, with a few files in it. */
function leftover(site: string, name: string): string {
  const dir = path.join(site, name);
  mkdirSync(path.join(dir, 'docs'), { recursive: true });
  writeFileSync(path.join(dir, 'docs', 'index.html'), 'partial');
  return dir;
}

const temporary = (site: string) => readdirSync(site).filter((f) => f.startsWith('.build-')).sort();

describe('leftovers of killed builds', () => {
  it('are removed by the next build, but not a folder a running build is using', async () => {
    const site = copyFixture('basic');
    const dead = deadPid();
    // Stands for a build still running: its folder must stay.
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    try {
      leftover(site, `.build-tmp-${dead}`);
      leftover(site, `.build-old-${dead}-1700000000000`);
      leftover(site, `.build-tmp-${running.pid}`);
      leftover(site, `.dist-tmp-${dead}`);
      expect((await docgen(site, ['build'])).code).toBe(0);
      await expect.poll(() => temporary(site), { timeout: 10_000 }).toEqual([`.build-tmp-${running.pid}`]);
      // Another output's leftovers are that output's build's to remove.
      expect(existsSync(path.join(site, `.dist-tmp-${dead}`))).toBe(true);
    } finally {
      running.kill('SIGKILL');
    }
    await new Promise((resolve) => running.once('exit', resolve));
    expect((await docgen(site, ['build'])).code).toBe(0);
    await expect.poll(() => temporary(site), { timeout: 10_000 }).toEqual([]);
  });

  it('of a build killed with SIGKILL mid-way are removed by the next build', async () => {
    const site = copyFixture('basic');
    expect((await docgen(site, ['build'])).code).toBe(0);
    // A warm build of this small site can come and go between two polls: rendering every page again keeps its temporary folder there long enough to be seen.
    const build = spawn(process.execPath, [CLI, 'build', '--no-cache'], { cwd: site, stdio: 'ignore' });
    const tmp = `.build-tmp-${build.pid}`;
    await expect.poll(() => existsSync(path.join(site, tmp)), { timeout: 30_000, interval: 5 }).toBe(true);
    build.kill('SIGKILL');
    await new Promise((resolve) => build.once('exit', resolve));
    expect(temporary(site)).toEqual([tmp]);
    expect(existsSync(path.join(site, 'build', 'docs', 'index.html'))).toBe(true);
    expect((await docgen(site, ['build'])).code).toBe(0);
    await expect.poll(() => temporary(site), { timeout: 10_000 }).toEqual([]);
    expect(readdirSync(site).sort()).toEqual(['build', 'content', 'node_modules', 'redirects.json', 'site.config.ts']);
  });
});
