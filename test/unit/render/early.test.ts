import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Doc, OutputFile, Rendered, SiteContent } from '../../../generator/model.ts';
import { OutputWriter } from '../../../generator/output/index.ts';
import { EarlyPages } from '../../../generator/render/early.ts';

const content = (routes: string[]) => ({ docs: routes.map((route, i) => ({ id: `d${i}`, route })), pages: [] }) as unknown as SiteContent;
/** Doc i of those `content` makes. */
const doc = (i: number) => ({ id: `d${i}` }) as Doc;
const rendered = (html: string) => ({ html: () => html, key: html }) as unknown as Rendered;

/** Pages made from what the stream holds: the file of doc `d<i>` holds its HTML. */
const maker = (early: EarlyPages, routes: string[]) => (id: string): OutputFile[] => [{ path: `${routes[Number(id.slice(1))].slice(1)}/index.html`, contents: () => early.rendered.get(id)!.html() }];

function writer() {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'docgen-early-')), 'build');
  return { out, output: new OutputWriter(out) };
}

describe('EarlyPages', () => {
  it('writes a doc page once both its Markdown and the writer are ready, in either order', async () => {
    const routes = ['/docs/a', '/docs/b', '/docs/c'];
    const early = new EarlyPages(content(routes));
    const { out, output } = writer();
    early.add(doc(1), rendered('<p>b</p>'));
    early.start(() => maker(early, routes), output);
    early.add(doc(0), rendered('<p>a</p>'));
    const written = await early.finish();
    expect([...written].sort()).toEqual(['d0', 'd1']);
    await output.commit();
    expect(readFileSync(path.join(out, 'docs/a/index.html'), 'utf8')).toBe('<p>a</p>');
    expect(readdirSync(path.join(out, 'docs')).sort()).toEqual(['a', 'b']);
  });

  it('leaves docs that share a route to the render stage, so the output keeps its order', async () => {
    const routes = ['/docs/same', '/docs/same', '/docs/other'];
    const early = new EarlyPages(content(routes));
    early.start(() => maker(early, routes), writer().output);
    routes.forEach((_, i) => early.add(doc(i), rendered(`doc ${i}`)));
    expect([...(await early.finish())]).toEqual(['d2']);
  });

  it('stops at the first failure and does not count the doc that failed', async () => {
    const routes = ['/docs/a', '/docs/b', '/docs/c'];
    const early = new EarlyPages(content(routes));
    const make = (id: string): OutputFile[] => {
      if (id === 'd1') throw new Error('broken page');
      return maker(early, routes)(id);
    };
    early.start(() => make, writer().output);
    routes.forEach((_, i) => early.add(doc(i), rendered(`doc ${i}`)));
    expect([...(await early.finish())]).toEqual(['d0']);
  });

  it('writes nothing when the page maker cannot be made (the render stage reports why)', async () => {
    const early = new EarlyPages(content(['/docs/a']));
    early.start(() => {
      throw new Error('bad navbar');
    }, writer().output);
    early.add(doc(0), rendered('a'));
    expect([...(await early.finish())]).toEqual([]);
  });

  it('writes nothing more once stopped', async () => {
    const routes = ['/docs/a', '/docs/b'];
    const early = new EarlyPages(content(routes));
    early.add(doc(0), rendered('a'));
    await early.stop();
    early.start(() => maker(early, routes), writer().output);
    early.add(doc(1), rendered('b'));
    expect([...(await early.finish())]).toEqual([]);
  });
});
