import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../generator/config/index.ts';
import { readContentFiles, contentShape } from '../../../generator/content/index.ts';
import { formatError } from '../../../generator/errors.ts';
import { withVersions } from '../../../generator/versions/config.ts';

const config = (docs: Record<string, unknown> = {}) => parseConfig({ title: 'T', url: 'https://docs.example.com', docs }).config;

function site(versions?: string, folders: string[] = []): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-versions-'));
  if (versions !== undefined) writeFileSync(path.join(root, 'versions.json'), versions);
  for (const f of folders) mkdirSync(path.join(root, 'versioned_docs', `version-${f}`), { recursive: true });
  return root;
}

async function failure(fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (err) {
    return formatError(err);
  }
  return 'nothing thrown';
}

describe('the config\'s versions', () => {
  it('are the config\'s own without versions.json, so a site with one version is built as before', () => {
    const one = config();
    expect(withVersions(one, site())).toBe(one);
    expect(one.docs.versions).toEqual([{ name: 'current', label: 'Next', isLast: true, path: '/docs', mainDocId: 'index' }]);
  });

  it('are completed from versions.json: current first, then newest first, each with its defaults or the config\'s options', () => {
    const { docs } = withVersions(config({ versions: [{ name: 'current', label: '3.0' }, { name: '1.0', banner: 'none', noIndex: true }] }), site('["2.0", "1.0"]', ['2.0', '1.0']));
    expect(docs.versions).toEqual([
      { name: 'current', label: '3.0', isLast: true, path: '/docs', mainDocId: 'index' },
      { name: '2.0', label: '2.0', isLast: false, path: '/docs/2.0', mainDocId: 'index' },
      { name: '1.0', label: '1.0', isLast: false, path: '/docs/1.0', mainDocId: 'index', banner: 'none', noIndex: true },
    ]);
  });

  it('report a version that does not exist, a missing folder, two versions at one path and a bad versions.json', async () => {
    expect(await failure(() => withVersions(config({ versions: [{ name: '9.9' }] }), site('["2.0"]', ['2.0'])))).toMatchInlineSnapshot(`
      "error site.config.ts: docs.versions: there is no version "9.9"
        hint: the versions are "current" (content/docs) and those of versions.json: 2.0"
    `);
    expect(await failure(() => withVersions(config(), site('["2.0"]')))).toMatchInlineSnapshot(`
      "error versions.json: version "2.0" has no docs folder
        hint: create versioned_docs/version-2.0/ (\`docgen version 2.0\` does), or remove the name"
    `);
    expect(await failure(() => withVersions(config({ versions: [{ name: '2.0', path: '/docs' }] }), site('["2.0"]', ['2.0'])))).toMatchInlineSnapshot(`
      "error site.config.ts: docs.versions: two versions are served at /docs
        hint: give each version its own "path""
    `);
    expect(await failure(() => withVersions(config(), site('{"2.0": true}')))).toMatchInlineSnapshot(`
      "error versions.json:1:1: must be a list of version names, newest first
        hint: e.g. ["1.2.0", "1.1.0"]; \`docgen version <name>\` adds one"
    `);
    expect(await failure(() => withVersions(config(), site('["2.0", "../up"]', ['2.0'])))).toMatchInlineSnapshot(`
      "error versions.json:1:1: "../up" cannot be a version here: it is listed twice, is "current" or is not a path segment
        hint: use names of letters, digits, ".", "-", "_" or "~", each once"
    `);
    expect(await failure(() => withVersions(config(), site('["2.0", "2.0"]', ['2.0'])))).toContain('"2.0" cannot be a version here');
    expect(await failure(() => withVersions(config(), site('["2.0"')))).toMatchInlineSnapshot(`
      "error versions.json:1:1: invalid JSON: Expected ',' or ']' after array element in JSON at position 6
        hint: fix the JSON syntax"
    `);
  });

  it('report a version without its sidebars file, or with a bad one', async () => {
    const root = site('["2.0"]', ['2.0']);
    mkdirSync(path.join(root, 'content'));
    const versioned = withVersions(config(), root);
    expect(await failure(() => readContentFiles(root, contentShape(versioned)))).toMatchInlineSnapshot(`
      "error versioned_sidebars/version-2.0-sidebars.json: version "2.0" has no sidebars file
        hint: \`docgen version\` writes it; copy the config's sidebars there as JSON"
    `);
    mkdirSync(path.join(root, 'versioned_sidebars'));
    writeFileSync(path.join(root, 'versioned_sidebars', 'version-2.0-sidebars.json'), '{"docs": {"dir": 3}}');
    expect(await failure(() => readContentFiles(root, contentShape(versioned)))).toMatchInlineSnapshot(`
      "error versioned_sidebars/version-2.0-sidebars.json: docs.dir: Invalid input: expected string, received number
        hint: the file holds the config's \`sidebars\` as they were when the version was made"
    `);
  });
});
