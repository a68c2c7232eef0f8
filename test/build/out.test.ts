import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { docgen } from '../helpers.ts';
import { siteInBox, snapshot } from './snapshot.ts';

/**
 * `--out` names a folder the build replaces as a whole: one that is the project, holds it, or
 * holds its sources is refused before anything is read or written.
 */
let box: string;
let site: string;
let before: Record<string, string>;

beforeAll(async () => {
  ({ box, site } = siteInBox('basic'));
  mkdirSync(path.join(site, 'components'));
  writeFileSync(path.join(site, 'components', 'Card.tsx'), 'export default function Card() { return null; }\n');
  symlinkSync('.', path.join(site, 'here'));
  expect((await docgen(site, ['build'])).code).toBe(0);
  before = snapshot(box);
});

describe('--out', () => {
  it.each([
    ['.', 'is the project folder'],
    ['here', 'is the project folder'],
    ['..', 'holds the project'],
    ['/', 'holds the project'],
    ['content', "is inside the project's content/ folder"],
    ['content/static', "is inside the project's content/ folder"],
    ['node_modules/site', "is inside the project's node_modules/ folder"],
    ['site.config.ts', 'is a file'],
    ['components', 'holds files that are not a docgen build (it would replace them all)'],
  ])('%s is refused, and nothing changes', async (out, problem) => {
    const res = await docgen(site, ['build', '--out', out]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(new RegExp(`^error --out \\S+: ${problem.replace(/[()/.]/g, '\\$&')}; the build replaces its output folder as a whole\n  hint: pass a new or empty folder, or one a previous build made, e.g. --out build\n`));
    expect(snapshot(box)).toEqual(before);
  });

  it('a previous build is replaced as before', async () => {
    const res = await docgen(site, ['build', '--out', 'build']);
    expect(res.code).toBe(0);
    expect(readFileSync(path.join(site, 'build', 'docs', 'index.html'), 'utf8')).toContain('Introduction');
  });
});
