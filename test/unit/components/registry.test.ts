import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasDirective, islandFiles, mentions, readRegistry } from '../../../generator/components/registry.ts';

function site(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-registry-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('the component registry', () => {
  it('lists content/components/<name>.tsx by name, helpers in subfolders in the hash only', () => {
    const root = site({ 'content/components/tabs.tsx': 'export default () => null;', 'content/components/my-box.jsx': 'export default () => null;', 'content/components/lib/util.ts': 'export const a = 1;', 'content/components/README.md': 'x' });
    const registry = readRegistry(root)!;
    expect(Object.keys(registry.files).sort()).toEqual(['my-box', 'tabs']);
    const before = registry.hash;
    writeFileSync(path.join(root, 'content/components/lib/util.ts'), 'export const a = 2;');
    expect(readRegistry(root)!.hash).not.toBe(before);
  });

  it('is absent without a components folder', () => {
    expect(readRegistry(site({ 'content/docs/a.md': '# A' }))).toBeUndefined();
  });

  it('tells the islands by their `export const interactive = true`', () => {
    const root = site({ 'content/components/counter.tsx': 'export const interactive = true;\nexport default () => null;', 'content/components/box.tsx': '// interactive = true is not it\nexport default () => null;' });
    expect(Object.keys(islandFiles(readRegistry(root)))).toEqual(['counter']);
  });

  it('finds the docs that may use a component (any number of colons), and not prose', () => {
    const names = ['tabs', 'badge', 'my-box'];
    expect(mentions('::::tabs\n:::tab[A]\nx\n:::\n::::\n', names)).toBe(true);
    expect(mentions('A :badge[Beta] here', names)).toBe(true);
    expect(mentions('::my-box{a="1"}', names)).toBe(true);
    expect(mentions('ratio 1:badger and a:tabs', names)).toBe(false);
    expect(mentions('::my-boxes', names)).toBe(false);
    expect(hasDirective('token:create is a permission')).toBe(false);
    expect(hasDirective(':::note\nx\n:::')).toBe(true);
  });
});
