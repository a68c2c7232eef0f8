import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../generator/config/index.ts';
import { assembleContent, contentShape, readContentFiles, rereadContentFiles } from '../../../generator/content/index.ts';
import { FIXTURES } from '../../helpers.ts';

async function fixture() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-versions-content-'));
  cpSync(path.join(FIXTURES, 'versions'), root, { recursive: true });
  const { config } = await loadConfig(root);
  return { root, config, files: await readContentFiles(root, contentShape(config)) };
}

describe('older versions in the content stage', () => {
  it('gives their docs and sidebars prefixed ids, the version, and routes below the version', async () => {
    const { config, files } = await fixture();
    const content = assembleContent(files, config);
    const quasar = content.docs.find((d) => d.id === 'version-1.0.0/guide/quasar')!;
    expect([quasar.route, quasar.version, quasar.source]).toEqual(['/docs/1.0.0/guide/quasar', '1.0.0', 'versioned_docs/version-1.0.0/guide/quasar.md']);
    expect(Object.keys(content.sidebars)).toEqual(['guides', 'api', 'version-2.0.0/guides', 'version-2.0.0/api', 'version-1.0.0/docs']);
    expect(content.displayedSidebars['version-1.0.0/guide/quasar']).toBe('version-1.0.0/docs');
    expect(content.displayedSidebars['guide/nebula']).toBe('guides');
    expect(content.docs.filter((d) => !d.version).map((d) => d.route)).toEqual(['/docs/api/', '/docs/api/tokens', '/docs/guide/', '/docs/guide/install', '/docs/guide/nebula', '/docs/']);
  });

  it('are read again where docgen dev saw a change, leaving the other versions as they were', async () => {
    const { root, config, files } = await fixture();
    const file = path.join(root, 'versioned_docs/version-2.0.0/guide/install.md');
    writeFileSync(file, '---\ntitle: Installing Orbit 2\n---\n\nText.\n');
    const next = await rereadContentFiles(files, root, [file], () => {});
    const content = assembleContent(next, config);
    expect(content.docs.find((d) => d.id === 'version-2.0.0/guide/install')!.title).toBe('Installing Orbit 2');
    expect(next.older![1].files.docs.get(path.join(root, 'versioned_docs/version-1.0.0/guide/install.md'))).toBe(files.older![1].files.docs.get(path.join(root, 'versioned_docs/version-1.0.0/guide/install.md')));
  });
});
