import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, type CliResult } from '../helpers.ts';

/**
 * The `broken-links` fixture holds every class of link problem once: the report a writer
 * reads is checked line for line, then the levels and --strict that decide the exit code.
 */
const WARNINGS = [
  'content/docs/dup-b.md:1:1 warning duplicate route: /docs/same is produced by both content/docs/dup-a.md and content/docs/dup-b.md; the first one wins',
  '  hint: rename one of the files or change its slug',
];
const ANCHORS = [
  'content/docs/links.md:9:20 warning broken anchor: /docs/target#section-on → no heading or id "section-on" on /docs/target; did you mean #section-one?',
  'content/docs/links.md:10:17 warning broken anchor: #nowhere → no heading or id "nowhere" on /docs/links',
  'content/docs/links.md:11:23 warning link to redirect: /docs/old-target links to a redirect; link to /docs/target instead',
];
const REPORT = [
  ...WARNINGS,
  'content/docs/errors.md:5:13 error broken link: /docs/targt → no such page; did you mean /docs/target?',
  'content/docs/errors.md:6:1 error broken markdown link: ./missing.md → no such file content/docs/missing.md',
  '  hint: relative .md links are resolved from the folder of the file that contains them',
  'content/docs/errors.md:8:72 error broken link: ./diagram.png → no such file',
  'content/docs/errors.md:10:6 error broken link: /img/logo.svg → no such file',
  ...ANCHORS,
  'content/docs/shared/page-1.md:5:10 error broken link: /docs/shared-missing → no such page (on 5 pages)',
  '  hint: a link broken on this many pages likely comes from shared layout or config',
  'site.config.ts:10:47 error broken link: navbar.items[1].to: /docs/targt → no such page; did you mean /docs/target?',
  'site.config.ts:18:38 warning link to redirect: footer.links[0].items[0].to: /docs/old-target links to a redirect; link to /docs/target instead',
  'site.config.ts:19:32 error broken link: footer.links[0].items[1].to: /docs/gone → no such page',
  '2 broken anchors, 6 broken links, 1 broken markdown link, 1 duplicate route, 2 links to redirects',
];

/** stderr with the build's duration replaced, so the whole text can be compared. */
const text = (res: CliResult) => res.stderr.replace(/ in \d+\.\d\d s;/, ' in T s;');

let site: string;
let plain: CliResult;

beforeAll(async () => {
  site = copyFixture('broken-links');
  plain = await docgen(site, ['build', '--report', 'report.json']);
});

describe('the link report', () => {
  it('names every problem at file:line:column with the closest match, sorted, then counts each class', () => {
    expect(plain.code).toBe(1);
    expect(text(plain)).toBe([...REPORT, 'build failed: 12 pages, 1 redirects, 5 warnings, 7 errors in T s; build/ left unchanged', ''].join('\n'));
    expect(plain.stdout).toBe('');
  });

  it('writes the same problems as JSON with --report', () => {
    const report = JSON.parse(readFileSync(path.join(site, 'report.json'), 'utf8'));
    expect(report.ok).toBe(false);
    expect(report.diagnostics).toHaveLength(12);
    expect(report.diagnostics[1]).toEqual({
      severity: 'error',
      kind: 'broken link',
      message: '/docs/targt → no such page; did you mean /docs/target?',
      location: { file: 'content/docs/errors.md', line: 5, column: 13 },
    });
    expect(report.diagnostics[11]).toEqual({
      severity: 'error',
      kind: 'broken link',
      message: 'footer.links[0].items[1].to: /docs/gone → no such page',
      location: { file: 'site.config.ts', line: 19, column: 32 },
    });
  });

  it('makes every warning an error with --strict', async () => {
    const strict = await docgen(site, ['build', '--strict']);
    expect(strict.code).toBe(1);
    expect(text(strict)).toBe([...REPORT.map((l) => l.replace(' warning ', ' error ')), 'build failed: 12 pages, 1 redirects, 0 warnings, 12 errors in T s; build/ left unchanged', ''].join('\n'));
  });
});

describe('warnings alone', () => {
  let warned: string;

  beforeAll(() => {
    warned = copyFixture('broken-links');
    rmSync(path.join(warned, 'content/docs/errors.md'));
    rmSync(path.join(warned, 'content/docs/shared'), { recursive: true });
    const config = path.join(warned, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("'/docs/targt'", "'/docs/target'").replace("'/docs/gone'", "'/docs/'"));
  });

  it('build, listed, and fail the build with --strict', async () => {
    const res = await docgen(warned, ['build']);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe(
      [
        ...WARNINGS,
        ...ANCHORS,
        'site.config.ts:18:38 warning link to redirect: footer.links[0].items[0].to: /docs/old-target links to a redirect; link to /docs/target instead',
        '2 broken anchors, 1 duplicate route, 2 links to redirects',
        '',
      ].join('\n'),
    );
    expect(res.stdout).toMatch(/^search: \d+ documents; .*\nbuilt build\/: 5 pages, 1 redirects, 5 warnings, 0 errors in \d+\.\d\d s\n$/);
    const strict = await docgen(warned, ['build', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/^build failed: 5 pages, 1 redirects, 0 warnings, 5 errors in \d+\.\d\d s; build\/ left unchanged$/m);
  });

  it('follow the levels the config sets', async () => {
    const config = path.join(warned, 'site.config.ts');
    const original = readFileSync(config, 'utf8');
    try {
      writeFileSync(config, original.replace("url: 'https://links.fixture.example',", "url: 'https://links.fixture.example',\n  onBrokenAnchors: 'throw',\n  onDuplicateRoutes: 'ignore',"));
      const res = await docgen(warned, ['build']);
      expect(res.code).toBe(1);
      expect(res.stderr).not.toContain('duplicate route');
      expect(res.stderr).toContain('content/docs/links.md:10:17 error broken anchor: #nowhere');
      expect(res.stderr).toContain('content/docs/links.md:11:23 warning link to redirect');
    } finally {
      writeFileSync(config, original);
    }
  });
});
