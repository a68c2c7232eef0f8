import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../generator/config/index.ts';
import { formatError } from '../../../generator/errors.ts';
import { snapshotVersion } from '../../../generator/versions/snapshot.ts';

const { config } = parseConfig({ title: 'T', url: 'https://docs.example.com', sidebars: { guides: { label: 'Guides', dir: 'guide' } } });

function site(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-version-'));
  mkdirSync(path.join(root, 'content', 'docs', 'guide'), { recursive: true });
  writeFileSync(path.join(root, 'content', 'docs', 'index.md'), '# Home\n\nStart with [installing](/docs/guide/install).\n');
  writeFileSync(path.join(root, 'content', 'docs', 'guide', 'install.md'), '# Install\n');
  writeFileSync(path.join(root, 'content', 'docs', 'guide', '_category_.json'), '{"label":"Guide"}\n');
  return root;
}

function failure(root: string, name: string): string {
  try {
    snapshotVersion(root, name, config);
  } catch (err) {
    return formatError(err);
  }
  return 'nothing thrown';
}

describe('docgen version', () => {
  it('copies the docs and sidebars and lists the version first in versions.json', () => {
    const root = site();
    expect(snapshotVersion(root, '1.0.0', config)).toEqual({ files: 3 });
    expect(snapshotVersion(root, '2.0.0', config)).toEqual({ files: 3 });
    expect(JSON.parse(readFileSync(path.join(root, 'versions.json'), 'utf8'))).toEqual(['2.0.0', '1.0.0']);
    expect(readFileSync(path.join(root, 'versioned_docs', 'version-2.0.0', 'guide', 'install.md'), 'utf8')).toBe('# Install\n');
    // Links into the docs lead into the version.
    expect(readFileSync(path.join(root, 'versioned_docs', 'version-2.0.0', 'index.md'), 'utf8')).toBe('# Home\n\nStart with [installing](/docs/2.0.0/guide/install).\n');
    expect(readFileSync(path.join(root, 'versioned_docs', 'version-1.0.0', 'guide', '_category_.json'), 'utf8')).toBe('{"label":"Guide"}\n');
    expect(JSON.parse(readFileSync(path.join(root, 'versioned_sidebars', 'version-1.0.0-sidebars.json'), 'utf8'))).toEqual({ guides: { label: 'Guides', dir: 'guide' } });
    expect(existsSync(path.join(root, 'versioned_docs', 'version-2.0.0.partial'))).toBe(false);
  });

  it("moves the sidebars' links into the docs into the version, and no others", () => {
    const root = site();
    const items = [
      { type: 'link', label: 'Home', href: '/docs' },
      { type: 'link', label: 'Install', href: '/docs/guide/install#linux' },
      { type: 'link', label: 'Old', href: '/docs/1.0.0/guide/install' },
      { type: 'link', label: 'Docset', href: '/docsets/' },
      { type: 'link', label: 'Blog', href: 'https://blog.example.com/docs/' },
    ];
    const { config: linked } = parseConfig({ title: 'T', url: 'https://docs.example.com', sidebars: { guides: { label: 'Guides', items } } });
    snapshotVersion(root, '1.0.0', linked);
    snapshotVersion(root, '2.0.0', linked);
    const sidebars = JSON.parse(readFileSync(path.join(root, 'versioned_sidebars', 'version-2.0.0-sidebars.json'), 'utf8'));
    expect(sidebars.guides.items.map((item: { href: string }) => item.href)).toEqual([
      '/docs/2.0.0',
      '/docs/2.0.0/guide/install#linux',
      '/docs/1.0.0/guide/install',
      '/docsets/',
      'https://blog.example.com/docs/',
    ]);
  });

  it('refuses a name that exists, cannot be a path segment, or is taken by the docs', () => {
    const root = site();
    snapshotVersion(root, '1.0.0', config);
    expect(failure(root, '1.0.0')).toMatchInlineSnapshot(`
      "error versions.json: version "1.0.0" exists already
        hint: pick another name, or remove versioned_docs/version-1.0.0/ and its entry in versions.json first"
    `);
    expect(failure(root, '../up')).toMatchInlineSnapshot(`
      "error versions.json: "../up" is not a valid version name: it becomes a path segment (/docs/../up/…)
        hint: use letters, digits, ".", "-", "_" or "~", starting with a letter or digit, e.g. 1.2.0"
    `);
    for (const bad of ['a/b', '', '.hidden', 'v1.', 'a b', 'é']) expect(failure(root, bad)).toContain('is not a valid version name');
    expect(failure(root, 'current')).toMatchInlineSnapshot(`
      "error versions.json: "current" names the docs in content/docs
        hint: pick the release number, e.g. 1.2.0"
    `);
    expect(failure(root, 'guide')).toMatchInlineSnapshot(`
      "error versions.json: "guide" is a folder of content/docs: /docs/guide/ would name both
        hint: pick a name that is not a folder of the docs"
    `);
    expect(JSON.parse(readFileSync(path.join(root, 'versions.json'), 'utf8'))).toEqual(['1.0.0']);
  });

  it('refuses a site without docs', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-version-'));
    expect(failure(root, '1.0.0')).toMatchInlineSnapshot(`
      "error content/docs/: there are no docs to copy
        hint: write the docs in content/docs first"
    `);
    expect(existsSync(path.join(root, 'versions.json'))).toBe(false);
  });
});
