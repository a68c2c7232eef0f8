import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputWriter, writeOutput } from '../../../generator/output/index.ts';
import { tmpName } from '../../../generator/output/leftovers.ts';

describe('output', () => {
  it('replaces the whole folder and leaves no temporary folder behind', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-out-'));
    const out = path.join(parent, 'build');
    mkdirSync(out);
    writeFileSync(path.join(out, 'stale.html'), 'old');
    await writeOutput(out, [{ path: 'index.html', contents: 'new' }, { path: 'docs/a/index.html', contents: 'a' }]);
    expect(existsSync(path.join(out, 'stale.html'))).toBe(false);
    expect(readFileSync(path.join(out, 'docs/a/index.html'), 'utf8')).toBe('a');
    // The replaced output is removed by a detached process shortly after.
    await expect.poll(() => readdirSync(parent), { timeout: 5000 }).toEqual(['build']);
  });

  it('stores a file with the same bytes as another (a page and its .html form) once, and writes it when that one was not written', async () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'docgen-out-')), 'build');
    let renders = 0;
    const page = () => `<p>page ${++renders}</p>`;
    await writeOutput(out, [
      { path: 'docs/a/index.html', contents: page },
      { path: 'docs/a.html', contents: page, sameAs: 'docs/a/index.html' },
      { path: 'docs/b.html', contents: '<p>b</p>', sameAs: 'docs/b/index.html' },
    ]);
    expect(renders).toBe(1);
    expect(readFileSync(path.join(out, 'docs/a.html'), 'utf8')).toBe('<p>page 1</p>');
    expect(statSync(path.join(out, 'docs/a.html')).ino).toBe(statSync(path.join(out, 'docs/a/index.html')).ino);
    expect(readFileSync(path.join(out, 'docs/b.html'), 'utf8')).toBe('<p>b</p>');
  });

  it('lets other tasks in (a worker\'s reply, a module loading) during a long run of files made one after the other', async () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'docgen-out-')), 'build');
    // Each page takes a ms to make, as a page or a card does.
    const slow = (text: string) => () => {
      const until = performance.now() + 1;
      while (performance.now() < until);
      return text;
    };
    let made = 0;
    const pages = Array.from({ length: 200 }, (_, i) => ({ path: `p${i}.html`, contents: () => (made++, slow(`p${i}`)()) }));
    const writer = new OutputWriter(out);
    let madeWhenLetIn: number | undefined;
    setImmediate(() => (madeWhenLetIn = made));
    await writer.writeAll(pages);
    await writer.commit();
    // Without a break it would run once all 200 are made.
    expect(madeWhenLetIn).toBeLessThan(50);
    expect(readFileSync(path.join(out, 'p199.html'), 'utf8')).toBe('p199');
  });

  it('writes into folders made ahead, however many, and reports a folder it could not make at the file that needs it', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-out-'));
    const out = path.join(parent, 'build');
    const pages = Array.from({ length: 300 }, (_, i) => `docs/s${i % 7}/p${i}/index.html`);
    const writer = new OutputWriter(out);
    writer.makeDirs([...pages, 'docs/blocked/x/index.html']);
    await writer.writeAll(pages.map((p) => ({ path: p, contents: p })));
    await writer.commit();
    expect(readFileSync(path.join(out, 'docs/s3/p10/index.html'), 'utf8')).toBe('docs/s3/p10/index.html');
    expect(readdirSync(path.join(out, 'docs/blocked/x'))).toEqual([]);

    const other = path.join(parent, 'other');
    const failing = new OutputWriter(other);
    writeFileSync(path.join(parent, tmpName(other, process.pid), 'a'), 'a file where a folder goes');
    failing.makeDirs(['a/b/index.html']);
    await expect(failing.write({ path: 'a/b/index.html', contents: 'x' })).rejects.toThrow(/EEXIST|ENOTDIR/);
    await failing.abort();
    await expect.poll(() => readdirSync(parent).sort(), { timeout: 5000 }).toEqual(['build']);
  });

  it('leaves no temporary folder when aborted once its folders are made', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-out-'));
    const writer = new OutputWriter(path.join(parent, 'build'));
    writer.makeDirs(Array.from({ length: 2000 }, (_, i) => `docs/p${i}/index.html`));
    await writer.abort();
    expect(readdirSync(parent)).toEqual([]);
  });
});

describe('output confinement', () => {
  it('refuses a path that resolves outside its folder, and writes nothing beside it', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-out-'));
    const out = path.join(parent, 'build');
    for (const bad of ['../escape.html', 'docs/../../escape.html', '/abs/escape.html', '', 'a\0b']) {
      await expect(writeOutput(out, [{ path: 'index.html', contents: 'ok' }, { path: bad, contents: 'x' }]), JSON.stringify(bad)).rejects.toThrow(/is not a path inside the output folder|refusing to write/);
    }
    expect(readdirSync(parent)).toEqual([]);
  });

  it('refuses a folder made ahead outside the output', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-out-'));
    const writer = new OutputWriter(path.join(parent, 'build'));
    expect(() => writer.makeDirs(['docs/../../outside/index.html'])).toThrow('refusing to write "docs/../../outside/index.html": it is not a path inside the output folder');
    await writer.abort();
    expect(readdirSync(parent)).toEqual([]);
  });
});
