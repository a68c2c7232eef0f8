import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { docgen } from '../helpers.ts';
import { siteInBox, snapshot } from './snapshot.ts';

/**
 * Routes that would resolve outside the output folder, each made by a hostile slug, id, file
 * name or redirect: the build fails at the file, line and column that made it, and nothing is
 * written anywhere (the previous build/, the project and the folder around it stay as they were).
 */
let box: string;
let site: string;
let before: Record<string, string>;

beforeAll(async () => {
  ({ box, site } = siteInBox('basic'));
  expect((await docgen(site, ['build'])).code).toBe(0);
  before = snapshot(box);
});

/** Build with `files` written (null: none), then put the project back as it was and compare. */
async function hostile(files: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const originals = Object.fromEntries(Object.keys(files).map((f) => [f, readOr(path.join(site, f))]));
  for (const [f, contents] of Object.entries(files)) writeFileSync(path.join(site, f), contents);
  try {
    const res = await docgen(site, ['build']);
    for (const [f, contents] of Object.entries(originals)) {
      if (contents === null) rmSync(path.join(site, f));
      else writeFileSync(path.join(site, f), contents);
    }
    expect(snapshot(box)).toEqual(before);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    return res;
  } finally {
    for (const [f, contents] of Object.entries(originals)) if (contents !== null) writeFileSync(path.join(site, f), contents);
  }
}

function readOr(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

const CODE = 'content/docs/guide/code.md';
/** guide/code.md with a front matter line added after `sidebar_position` (line 5). */
const codeWith = (line: string) => ({ [CODE]: readFileSync(path.join(import.meta.dirname, '../fixtures/basic', CODE), 'utf8').replace('sidebar_position: 1\n', `sidebar_position: 1\n${line}\n`) });

describe('routes that would leave the output folder', () => {
  it.each([
    ['slug: ../../../README', '"../../../README" has a ".." segment'],
    ['slug: ..', '".." has a ".." segment'],
    ['slug: "%2e%2e/%2e%2e/%2E%2E/README"', 'has a ".." segment once its %-escapes are decoded'],
    ["slug: '..\\..\\..\\README'", 'holds a backslash'],
    ['slug: //evil.example/x', 'starts with "//" (another host)'],
    ['slug: "https://evil.example/"', 'names a URL scheme'],
    ['slug: "a\\0b"', 'holds a control character'],
  ])('%s in front matter fails at its line', async (line, problem) => {
    const res = await hostile(codeWith(line));
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^error content\/docs\/guide\/code\.md:5:1: front matter "slug": /m);
    expect(res.stderr).toContain(problem);
  });

  it('an id of ".." fails at its line', async () => {
    const res = await hostile(codeWith('id: ".."'));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/docs/guide/code.md:5:1: front matter "id": ".." gives the route /docs/guide/.., which has a ".." segment');
  });

  it('a doc or page file whose name climbs out fails naming the file', async () => {
    const doc = await hostile({ 'content/docs/guide/...md': '# Dots\n' });
    expect(doc.code).toBe(1);
    expect(doc.stderr).toContain("error content/docs/guide/...md:1:1: the file's name gives the route /docs/guide/.., which has a \"..\" segment");
    const page = await hostile({ 'content/pages/...tsx': 'export default function P() { return <p>dots</p>; }\n' });
    expect(page.code).toBe(1);
    expect(page.stderr).toContain("error content/pages/...tsx:1:1: the file's name gives the route /.., which has a \"..\" segment");
  });

  it.each([
    ['{ "from": "/../../../escape", "to": "/docs/" }', 'error redirects.json:2:13: entry [0].from: "/../../../escape" has a ".." segment'],
    ['{ "from": "/%2e%2e/%2e%2e/escape", "to": "/docs/" }', 'error redirects.json:2:13: entry [0].from: "/%2e%2e/%2e%2e/escape" has a ".." segment once its %-escapes are decoded'],
    ['{ "from": "/old", "to": "/docs/../../../x" }', 'error redirects.json:2:27: entry [0].to: "/docs/../../../x" has a ".." segment'],
  ])('a redirect %s fails at its line and column', async (entry, message) => {
    const res = await hostile({ 'redirects.json': `[\n  ${entry}\n]\n` });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(message);
  });
});
