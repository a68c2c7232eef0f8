import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { docgen } from '../helpers.ts';
import { siteInBox, snapshot } from './snapshot.ts';

/**
 * Nothing published may come from outside the project: a symbolic link in content/ leading out
 * of it, or to a folder among static files, fails the build naming the link; links inside the
 * project keep working.
 */
let box: string;
let site: string;
let before: Record<string, string>;

beforeAll(async () => {
  ({ box, site } = siteInBox('basic'));
  writeFileSync(path.join(box, 'secret.md'), '---\ntitle: Secret\n---\nTOPSECRET\n');
  mkdirSync(path.join(site, 'shared'));
  writeFileSync(path.join(site, 'shared', 'page.md'), '---\ntitle: Shared page\n---\nShared body\n');
  expect((await docgen(site, ['build'])).code).toBe(0);
  before = snapshot(box);
});

/** Build with the link `link` → `target` in place, then remove it and check nothing changed. */
async function withLink(link: string, target: string): Promise<{ code: number; stderr: string }> {
  symlinkSync(target, path.join(site, link));
  try {
    const res = await docgen(site, ['build']);
    rmSync(path.join(site, link));
    expect(snapshot(box)).toEqual(before);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    return res;
  } finally {
    rmSync(path.join(site, link), { force: true });
  }
}

describe('symbolic links in content/', () => {
  it('a doc linked to /etc/passwd is refused naming the link', async () => {
    const res = await withLink('content/docs/x.md', '/etc/passwd');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/docs/x.md: is a symbolic link to /etc/passwd, outside the project: docgen publishes nothing from outside it\n  hint: copy the file into the project, or link to one inside it');
  });

  it('a static file linked outside the project is refused naming the link', async () => {
    const res = await withLink('content/static/leak.md', '../../../secret.md');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/static/leak.md: is a symbolic link to ../../../secret.md, outside the project');
  });

  it('a static link to a folder gets a message naming it, not a bare EISDIR', async () => {
    const res = await withLink('content/static/shared', '../../shared');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/static/shared: is a symbolic link to a folder (../../shared): docgen does not follow links to folders among content files');
    expect(res.stderr).not.toContain('EISDIR');
  });

  it('content/docs linked outside the project is refused naming it', async () => {
    const other = siteInBox('basic');
    renameSync(path.join(other.site, 'content/docs'), path.join(other.box, 'elsewhere'));
    symlinkSync('../../elsewhere', path.join(other.site, 'content/docs'));
    const unchanged = snapshot(other.box);
    const res = await docgen(other.site, ['build']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error content/docs: is a symbolic link to ../../elsewhere, outside the project');
    expect(snapshot(other.box)).toEqual(unchanged);
  });

  it('a link to a file inside the project is published', async () => {
    symlinkSync('../../../shared/page.md', path.join(site, 'content/docs/guide/shared.md'));
    const res = await docgen(site, ['build']);
    expect(res.code).toBe(0);
    expect(readFileSync(path.join(site, 'build/docs/guide/shared/index.html'), 'utf8')).toContain('Shared body');
    expect(existsSync(path.join(site, 'build/docs/guide/shared.md'))).toBe(true);
  });
});
