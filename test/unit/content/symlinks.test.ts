import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContentFiles, rereadContentFiles } from '../../../generator/content/read.ts';
import { checkContentFile, checkContentFolders } from '../../../generator/content/symlinks.ts';
import type { DocgenError } from '../../../generator/errors.ts';

/** A project inside a parent folder that also holds a file and a folder outside the project. */
function project(): { parent: string; root: string } {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-links-'));
  const root = path.join(parent, 'site');
  mkdirSync(path.join(root, 'content', 'docs'), { recursive: true });
  mkdirSync(path.join(root, 'content', 'static'), { recursive: true });
  mkdirSync(path.join(root, 'shared'), { recursive: true });
  mkdirSync(path.join(parent, 'outside'));
  writeFileSync(path.join(parent, 'secret.md'), '---\ntitle: Secret\n---\nTOPSECRET\n');
  writeFileSync(path.join(root, 'shared', 'page.md'), '---\ntitle: Shared\n---\nShared body\n');
  writeFileSync(path.join(root, 'content', 'docs', 'index.md'), '# Home\n');
  return { parent, root };
}

function failure(fn: () => unknown): { message: string; file?: string } {
  try {
    fn();
  } catch (err) {
    return { message: (err as DocgenError).message, file: (err as DocgenError).location?.file };
  }
  throw new Error('expected a failure');
}

describe('symbolic links in content/', () => {
  it('refuse a link leading outside the project, naming the link', () => {
    const { parent, root } = project();
    const link = path.join(root, 'content', 'docs', 'x.md');
    symlinkSync(path.join(parent, 'secret.md'), link);
    expect(failure(() => checkContentFile(root, link))).toEqual({
      message: `is a symbolic link to ${path.join(parent, 'secret.md')}, outside the project: docgen publishes nothing from outside it`,
      file: 'content/docs/x.md',
    });
    symlinkSync('/etc/passwd', path.join(root, 'content', 'static', 'passwd.txt'));
    expect(failure(() => checkContentFile(root, path.join(root, 'content', 'static', 'passwd.txt'))).message).toContain('is a symbolic link to /etc/passwd, outside the project');
  });

  it('refuse a link to a folder and a broken link, naming them', () => {
    const { root } = project();
    const folder = path.join(root, 'content', 'static', 'shared');
    symlinkSync('../../shared', folder);
    expect(failure(() => checkContentFile(root, folder))).toEqual({
      message: 'is a symbolic link to a folder (../../shared): docgen does not follow links to folders among content files',
      file: 'content/static/shared',
    });
    const broken = path.join(root, 'content', 'docs', 'gone.md');
    symlinkSync('nowhere.md', broken);
    expect(failure(() => checkContentFile(root, broken)).message).toBe('is a symbolic link to nowhere.md, which does not exist');
  });

  it('follow a link to a file inside the project', async () => {
    const { root } = project();
    symlinkSync('../../shared/page.md', path.join(root, 'content', 'docs', 'alias.md'));
    const files = await readContentFiles(root, { routeBase: '/docs', badges: [] });
    expect(files.docs.get(path.join(root, 'content', 'docs', 'alias.md'))?.body).toContain('Shared body');
  });

  it('refuse content/ or one of its folders linked from outside the project', () => {
    const { parent, root } = project();
    symlinkSync(path.join(parent, 'outside'), path.join(root, 'content', 'pages'));
    expect(failure(() => checkContentFolders(root))).toMatchObject({ file: 'content/pages' });
  });

  it('are checked when the dev server reads a changed file again', async () => {
    const { parent, root } = project();
    const files = await readContentFiles(root, { routeBase: '/docs', badges: [] });
    const link = path.join(root, 'content', 'docs', 'x.md');
    symlinkSync(path.join(parent, 'secret.md'), link);
    const errors: string[] = [];
    const next = await rereadContentFiles(files, root, [link], (key, err) => errors.push(`${key}: ${err.location?.file} ${err.message}`));
    expect(errors).toEqual([`${link}: content/docs/x.md is a symbolic link to ${path.join(parent, 'secret.md')}, outside the project: docgen publishes nothing from outside it`]);
    expect([...next.docs.values()].map((d) => d.body).join('')).not.toContain('TOPSECRET');
  });
});
