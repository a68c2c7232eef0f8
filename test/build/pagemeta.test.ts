import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { featuresInGit, git, REAL_GIT } from '../git-site.ts';
import { copyFixture, docgen, read } from '../helpers.ts';
import { snapshot } from './snapshot.ts';

/*
 * The features fixture in a git repository of its own: the edit link, the last change of each
 * doc from one `git log`, the sitemap's lastmod, the feedback form; then outside a checkout,
 * in a shallow clone and without git.
 */

/** A folder holding a `git` that logs its arguments and runs the real one: how many processes a build starts. */
function countingGit(): { bin: string; calls: () => string[] } {
  const bin = mkdtempSync(path.join(os.tmpdir(), 'docgen-git-'));
  const log = path.join(bin, 'calls.log');
  writeFileSync(path.join(bin, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${REAL_GIT}' "$@"\n`);
  chmodSync(path.join(bin, 'git'), 0o755);
  writeFileSync(log, '');
  return { bin, calls: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

const pathWith = (bin: string) => `${bin}${path.delimiter}${process.env.PATH}`;
const page = (site: string) => read(site, 'build/docs/pagemeta/index.html');
const timeOf = (html: string) => /<time dateTime="([^"]+)">([^<]+)<\/time>/.exec(html)?.slice(1);

let site: string;
let counter: ReturnType<typeof countingGit>;
let first: Awaited<ReturnType<typeof docgen>>;

beforeAll(async () => {
  site = featuresInGit();
  counter = countingGit();
  first = await docgen(site, ['build', '--strict'], { PATH: pathWith(counter.bin) });
}, 120_000);

describe('edit link and last change from git', () => {
  it('builds under --strict with no warning, reading the history with one git log', () => {
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(/0 warnings, 0 errors/);
    // index.md is last changed by the first commit: whether that is a shallow clone's oldest commit is in the same log.
    expect(counter.calls()).toEqual([expect.stringMatching(/ log -z .* -- content versioned_docs$/)]);
  });

  it("shows each doc's edit link, the date and author of its last commit", () => {
    const html = page(site);
    expect(html).toContain('<a class="page-meta__edit" href="https://git.features.example/docs/edit/main/content/docs/pagemeta.md" target="_blank" rel="noopener noreferrer">');
    expect(timeOf(html)).toEqual(['2026-05-06T07:08:09Z', 'May 6, 2026']);
    expect(html).toContain('by <span class="page-meta__author">Bo Zhang</span>');
    expect(timeOf(read(site, 'build/docs/index.html'))).toEqual(['2026-03-04T05:06:07Z', 'Mar 4, 2026']);
    expect(JSON.parse(read(site, 'build/_chunks/docs/pagemeta.json')).doc.lastUpdated).toEqual({ datetime: '2026-05-06T07:08:09Z', date: 'May 6, 2026', author: 'Bo Zhang' });
  });

  it("writes the sitemap's lastmod from the same dates", () => {
    const sitemap = read(site, 'build/sitemap.xml');
    expect(sitemap).toContain('<url><loc>https://docs.features.example/docs/pagemeta</loc><lastmod>2026-05-06</lastmod></url>');
    expect(sitemap).toContain('<url><loc>https://docs.features.example/docs/</loc><lastmod>2026-03-04</lastmod></url>');
  });

  it('asks for feedback at the end of each doc, its endpoint allowed by the CSP', () => {
    expect(page(site)).toMatch(/<\/article><form class="feedback" aria-labelledby="[^"]+"><p id="[^"]+" class="feedback__text">Was this page helpful\?<\/p>/);
    expect(read(site, 'build/_headers')).toContain("connect-src 'self' https://feedback.features.example;");
  });

  it('a new commit date re-renders the page but not its Markdown; the same history builds byte-identical', async () => {
    const env = { GIT_COMMITTER_DATE: '2026-07-08T09:10:11Z', GIT_COMMITTER_NAME: 'Cy', GIT_COMMITTER_EMAIL: 'c@features.example' };
    git(site, ['commit', '-q', '--amend', '--no-edit', '--reset-author'], { ...env, GIT_AUTHOR_NAME: 'Cy', GIT_AUTHOR_EMAIL: 'c@features.example', GIT_AUTHOR_DATE: env.GIT_COMMITTER_DATE });
    const second = await docgen(site, ['build', '--strict', '--verbose']);
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/rendered 0 docs/);
    expect(timeOf(page(site))).toEqual(['2026-07-08T09:10:11Z', 'Jul 8, 2026']);
    const before = snapshot(path.join(site, 'build'));
    expect((await docgen(site, ['build', '--strict'])).code).toBe(0);
    expect(snapshot(path.join(site, 'build'))).toEqual(before);
    expect((await docgen(site, ['build', '--strict', '--no-cache'])).code).toBe(0);
    expect(snapshot(path.join(site, 'build'))).toEqual(before);
  }, 120_000);
});

describe('without usable history', () => {
  it('outside a git checkout: no dates, no lastmod, no warning; the edit link stays', async () => {
    const plain = copyFixture('features');
    const res = await docgen(plain, ['build', '--strict']);
    expect([res.code, res.stderr]).toEqual([0, '']);
    expect(timeOf(page(plain))).toBeUndefined();
    expect(page(plain)).not.toContain('Last updated');
    expect(page(plain)).toContain('Edit this page');
    expect(read(plain, 'build/sitemap.xml')).not.toContain('<lastmod>');
  }, 60_000);

  it('without git installed: the same', async () => {
    const plain = copyFixture('features');
    const res = await docgen(plain, ['build', '--strict'], { PATH: mkdtempSync(path.join(os.tmpdir(), 'docgen-nogit-')) });
    expect([res.code, res.stderr]).toEqual([0, '']);
    expect(timeOf(page(plain))).toBeUndefined();
  }, 60_000);

  it('in a shallow clone: files last changed in the oldest commit fetched have no date, later ones keep theirs', async () => {
    const clone = mkdtempSync(path.join(os.tmpdir(), 'docgen-shallow-'));
    rmSync(clone, { recursive: true });
    git(os.tmpdir(), ['clone', '-q', '--depth', '1', `file://${site}`, clone]);
    // One commit fetched: every file would show its date, which says nothing.
    expect((await docgen(clone, ['build', '--strict'])).code).toBe(0);
    expect(timeOf(page(clone))).toBeUndefined();
    git(clone, ['fetch', '-q', '--deepen', '1']);
    expect((await docgen(clone, ['build', '--strict'])).code).toBe(0);
    expect(timeOf(page(clone))?.[0]).toBe('2026-07-08T09:10:11Z');
    expect(timeOf(read(clone, 'build/docs/index.html'))).toBeUndefined();
  }, 120_000);
});
