import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { walkInputs } from '../../generator/uptodate/walk.ts';
import { git } from '../git-site.ts';
import { copyFixture, docgen, read, type CliResult } from '../helpers.ts';

/**
 * `docgen build` when nothing has changed since the last build reports that build's result and
 * writes nothing; any change to what a build reads or wrote makes it run.
 */
let site: string;
let out: string;

const UP_TO_DATE = /^build\/ is up to date: \d+ pages, \d+ redirects, \d+ warnings, \d+ errors in \d+\.\d\d s \(nothing it was built from has changed\)$/m;
const BUILT = /^built build\/: /m;

/** Each output file's inode and modification time: equal twice means nothing was written. */
function outputState(dir = out, prefix = ''): Record<string, string> {
  const state: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) Object.assign(state, outputState(full, `${prefix}${e.name}/`));
    else state[`${prefix}${e.name}`] = `${statSync(full).ino}:${statSync(full).mtimeMs}`;
  }
  return state;
}

async function build(args: string[] = [], env: Record<string, string> = {}): Promise<CliResult> {
  const res = await docgen(site, ['build', ...args], env);
  expect(res.code, res.stderr).toBe(0);
  return res;
}

/** Settles (a build that is up to date), then asserts that `change` makes the next build run. */
async function runsAfter(change: () => void): Promise<CliResult> {
  if (!UP_TO_DATE.test((await build()).stdout)) expect((await build()).stdout).toMatch(UP_TO_DATE);
  change();
  const res = await build();
  expect(res.stdout).toMatch(BUILT);
  return res;
}

const doc = () => path.join(site, 'content/docs/index.md');
const stampDir = () => path.join(site, 'node_modules/.cache/docgen/stamp');

beforeAll(async () => {
  site = copyFixture('basic');
  out = path.join(site, 'build');
  // A warning to replay: a link to a heading the page does not have.
  appendFileSync(doc(), '\nSee [nowhere](#nope).\n');
  expect((await build(['--report', 'report.json'])).stdout).toMatch(BUILT);
});

describe('a build with nothing changed since the last one', () => {
  it('reports the same findings and summary, writes the same report, and writes nothing', async () => {
    const first = await build(['--report', 'report.json', '--force']);
    const before = outputState();
    const report = read(site, 'report.json');
    rmSync(path.join(site, 'report.json'));
    const again = await build(['--report', 'report.json', '--verbose']);
    expect(again.stdout).toMatch(UP_TO_DATE);
    expect(again.stdout).toContain('6 pages, 1 redirects, 1 warnings, 0 errors');
    expect(again.stderr).toContain('content/docs/index.md:22:5 warning broken anchor: #nope → no heading or id "nope" on /docs/');
    expect(again.stderr.replace(/^timings.*\n/m, '')).toBe(first.stderr.replace(/^timings.*\n/m, ''));
    expect(again.stdout.split('\n').slice(0, -2)).toEqual(first.stdout.split('\n').slice(0, -2));
    expect(again.stderr).toMatch(/^timings \(ms\): up-to-date \d+; rendered 0 docs; nothing written$/m);
    expect(read(site, 'report.json')).toBe(report);
    expect(outputState()).toEqual(before);
  });

  it('runs with --force, --no-cache, --check-code, or --strict after a build without it', async () => {
    for (const args of [['--force'], ['--no-cache'], ['--check-code']]) {
      expect((await build(args)).stdout, args[0]).toMatch(BUILT);
    }
    const strict = await docgen(site, ['build', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('error broken anchor: #nope');
  });
});

describe('any change to what the build read makes it run', () => {
  it('a doc edited right after the build, to the same length', async () => {
    await runsAfter(() => writeFileSync(doc(), readFileSync(doc(), 'utf8').replace('Some text.', 'Same text.')));
    expect(read(out, 'docs/index.html')).toContain('Same text.');
  });

  it('a doc edited in the same tick of the file clock as the build read it: seen in its bytes', async () => {
    await build();
    const [name] = readdirSync(stampDir());
    const stamp = JSON.parse(readFileSync(path.join(stampDir(), name), 'utf8')) as { inputs: [string, string][]; hashes: [string, string][] };
    const before = readFileSync(doc());
    writeFileSync(doc(), readFileSync(doc(), 'utf8').replace('More text.', 'Mire text.'));
    // As for a doc changed within a tick of the build's start, then again in that tick: the stamp
    // has its bytes as the build began, and its file times are as recorded.
    const now = walkInputs(site, out).entries.get('content/docs/index.md')!;
    stamp.inputs = stamp.inputs.map(([rel, state]) => [rel, rel === 'content/docs/index.md' ? now : state]);
    stamp.hashes = [['content/docs/index.md', createHash('sha1').update(before).digest('base64')]];
    writeFileSync(path.join(stampDir(), name), JSON.stringify(stamp));
    expect((await build()).stdout).toMatch(BUILT);
    expect(read(out, 'docs/index.html')).toContain('Mire text.');
    writeFileSync(doc(), readFileSync(doc(), 'utf8').replace('Mire text.', 'More text.'));
  });

  it('a doc edited with its modification time put back', async () => {
    const { atime, mtime } = statSync(doc());
    await runsAfter(() => {
      writeFileSync(doc(), readFileSync(doc(), 'utf8').replace('Same text.', 'Some text.'));
      utimesSync(doc(), atime, mtime);
    });
    expect(read(out, 'docs/index.html')).toContain('Some text.');
  });

  it('a doc added, then removed (its page reported as moved once)', async () => {
    const added = path.join(site, 'content/docs/added.md');
    await runsAfter(() => writeFileSync(added, '# Added\n\nA new page.\n'));
    expect(read(out, 'docs/added/index.html')).toContain('A new page.');
    const removed = await runsAfter(() => rmSync(added));
    expect(() => statSync(path.join(out, 'docs/added/index.html'))).toThrow();
    // Found against the build before; against this one there is no moved page, up to date or forced.
    expect(removed.stderr).toContain('warning moved page: /docs/added was a page of the previous build');
    const upToDate = await build();
    expect(upToDate.stdout).toMatch(UP_TO_DATE);
    expect(upToDate.stderr).not.toContain('moved page');
    expect((await build(['--force'])).stderr).not.toContain('moved page');
  });

  it('the config', async () => {
    const config = path.join(site, 'site.config.ts');
    await runsAfter(() => writeFileSync(config, readFileSync(config, 'utf8').replace("title: 'Fixture Docs'", "title: 'Fixture Guide'")));
    expect(read(out, 'docs/index.html')).toContain('Fixture Guide');
  });

  it('an environment variable, which the config may read', async () => {
    const config = path.join(site, 'site.config.ts');
    const before = readFileSync(config, 'utf8');
    writeFileSync(config, before.replace("title: 'Fixture Guide'", "title: process.env.SITE_TITLE ?? 'Fixture Guide'"));
    expect((await build([], { SITE_TITLE: 'One title' })).stdout).toMatch(BUILT);
    expect((await build([], { SITE_TITLE: 'One title' })).stdout).toMatch(UP_TO_DATE);
    expect((await build([], { SITE_TITLE: 'Another title' })).stdout).toMatch(BUILT);
    expect(read(out, 'docs/index.html')).toContain('Another title');
    writeFileSync(config, before);
  });

  it('a new commit', async () => {
    git(site, ['init', '-q']);
    const commit = () => git(site, ['-c', 'user.name=T', '-c', 'user.email=t@example.invalid', 'commit', '-q', '--allow-empty', '-m', 'c']);
    commit();
    await runsAfter(commit);
  });

  it('the file a symbolic link leads to, outside the project; and with a link to a folder the build always runs', async () => {
    const outside = path.join(mkdtempSync(path.join(os.tmpdir(), 'docgen-outside-')), 'notes.txt');
    writeFileSync(outside, 'one');
    symlinkSync(outside, path.join(site, 'notes.txt'));
    await runsAfter(() => writeFileSync(outside, 'two'));
    rmSync(path.join(site, 'notes.txt'));
    symlinkSync(path.join(site, 'content'), path.join(site, 'content-link'));
    await build();
    expect((await build()).stdout).toMatch(BUILT);
    rmSync(path.join(site, 'content-link'));
  });
});

describe('any change to the output makes the build run and restore it', () => {
  it('a page edited, a page deleted, a file added', async () => {
    const page = path.join(out, 'docs/index.html');
    const good = readFileSync(page, 'utf8');
    await runsAfter(() => writeFileSync(page, good.replace('Some text.', 'Hand edit.')));
    expect(readFileSync(page, 'utf8')).toBe(good);
    await runsAfter(() => rmSync(page));
    expect(readFileSync(page, 'utf8')).toBe(good);
    await runsAfter(() => {
      mkdirSync(path.join(out, 'stray'));
      writeFileSync(path.join(out, 'stray/file.txt'), 'x');
    });
    expect(() => statSync(path.join(out, 'stray'))).toThrow();
  });
});
