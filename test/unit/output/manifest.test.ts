import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputWriter, THREADED_FILES } from '../../../generator/output/index.ts';
import { tmpName } from '../../../generator/output/leftovers.ts';

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

  it('links a large previous build\'s unchanged files on the linker\'s thread, and produces the others here', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-manifest-'));
    const out = path.join(parent, 'build');
    const manifest = path.join(parent, 'cache', 'output.json');
    const page = (name: string) => ({ path: `${name}/index.html`, contents: `<p>${name} complete</p>`, key: `key-${name}` });
    const pages = Array.from({ length: THREADED_FILES }, (_, i) => page(`docs/s${i % 10}/p${i}`));
    expect((await build(out, manifest, [...pages, page('extra')])).reused).toBe(0);
    const file = (name: string) => path.join(out, name, 'index.html');
    const inode = statSync(file('docs/s3/p3')).ino;
    writeFileSync(file('docs/s1/p1'), '<p>cut');

    const writer = new OutputWriter(out, manifest);
    expect(writer.threaded).toBe(true);
    // The folder of `extra` is not made ahead: it is made when the file comes.
    writer.makeDirs(pages.map((p) => p.path));
    const changed = pages.map((p, i) => (i === 2 ? { ...p, contents: '<p>new</p>', key: 'new key' } : p));
    await writer.writeAll([...changed, page('extra')]);
    await writer.commit();
    expect(writer.reused).toBe(THREADED_FILES - 1);
    expect(statSync(file('docs/s3/p3')).ino).toBe(inode);
    expect(readFileSync(file('docs/s1/p1'), 'utf8')).toBe('<p>docs/s1/p1 complete</p>');
    expect(readFileSync(file('docs/s2/p2'), 'utf8')).toBe('<p>new</p>');
    expect(readFileSync(file('extra'), 'utf8')).toBe('<p>extra complete</p>');
    // What the next build checks (size, modification time) came back from the thread too.
    const third = await build(out, manifest, [...changed, page('extra')]);
    expect(third.reused).toBe(THREADED_FILES + 1);
  });

  it('reports a folder the linker\'s thread could not make at the file that needs it, and leaves no temporary folder when aborted', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-manifest-'));
    const out = path.join(parent, 'build');
    const manifest = path.join(parent, 'cache', 'output.json');
    const pages = Array.from({ length: THREADED_FILES }, (_, i) => ({ path: `p${i}/index.html`, contents: 'x', key: `k${i}` }));
    await build(out, manifest, pages);

    const writer = new OutputWriter(out, manifest);
    expect(writer.threaded).toBe(true);
    writeFileSync(path.join(parent, tmpName(out, process.pid), 'a'), 'a file where a folder goes');
    writer.makeDirs(['a/b/index.html', ...pages.map((p) => p.path)]);
    await expect(writer.write({ path: 'a/b/index.html', contents: 'x' })).rejects.toThrow(/EEXIST|ENOTDIR/);
    await writer.abort();

    const aborted = new OutputWriter(out, manifest);
    aborted.makeDirs(Array.from({ length: 2000 }, (_, i) => `docs/q${i}/index.html`));
    await aborted.abort();
    expect(readdirSync(parent).sort()).toEqual(['build', 'cache']);
  });
});
