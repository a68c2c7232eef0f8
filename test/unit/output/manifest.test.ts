import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputWriter } from '../../../generator/output/index.ts';

async function build(out: string, manifest: string, files: { path: string; contents: string; key: string }[]): Promise<OutputWriter> {
  const writer = new OutputWriter(out, manifest);
  await writer.writeAll(files);
  await writer.commit();
  return writer;
}

describe('output keys of the previous build', () => {
  it('reuses an unchanged file, but produces again one whose size changed since, and renames the manifest into place', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-manifest-'));
    const out = path.join(parent, 'build');
    const manifest = path.join(parent, 'cache', 'output.json');
    const page = (name: string) => ({ path: `${name}/index.html`, contents: `<p>${name} complete</p>`, key: `key-${name}` });
    await build(out, manifest, [page('a'), page('b')]);
    expect(readdirSync(path.dirname(manifest))).toEqual(['output.json']);

    writeFileSync(path.join(out, 'b/index.html'), '<p>b comp');
    const second = await build(out, manifest, [page('a'), page('b')]);
    expect(second.reused).toBe(1);
    expect(readFileSync(path.join(out, 'b/index.html'), 'utf8')).toBe('<p>b complete</p>');

    // A manifest cut short is no manifest: everything is produced again.
    writeFileSync(manifest, readFileSync(manifest, 'utf8').slice(0, 30));
    const third = await build(out, manifest, [page('a'), page('b')]);
    expect(third.reused).toBe(0);
    expect(readFileSync(path.join(out, 'a/index.html'), 'utf8')).toBe('<p>a complete</p>');
  });
});
