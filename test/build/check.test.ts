import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen } from '../helpers.ts';

/** `docgen check` crawls a finished build: the basic fixture as built, then with damage done to it. */
let site: string;

beforeAll(async () => {
  site = copyFixture('basic');
  expect((await docgen(site, ['build'])).code).toBe(0);
});

const SUMMARY = /^checked \d+ links on (\d+) pages( \(other sites skipped\))?: (\d+) broken in \d+\.\d\d s$/m;

describe('docgen check', () => {
  it('finds nothing broken in a good build and says what it crawled', async () => {
    const res = await docgen(site, ['check']);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('');
    // Six routes of the sitemap and the not-found page.
    expect(SUMMARY.exec(res.stdout)?.slice(1)).toEqual(['7', ' (other sites skipped)', '0']);
  });

  it('reports each broken link with the page it is on, and exits 1', async () => {
    const broken = copyFixture('basic');
    expect((await docgen(broken, ['build', '--out', 'public'])).code).toBe(0);
    rmSync(path.join(broken, 'public', 'docs', 'guide', 'code', 'index.html'));
    const intro = path.join(broken, 'public', 'docs', 'index.html');
    writeFileSync(intro, readFileSync(intro, 'utf8').replace('</main>', '<a href="/docs/nowhere">x</a><a href="guide/nested/deep">ok</a><img src="/assets/missing.png"></main>'));
    const res = await docgen(broken, ['check', '--dir', 'public']);
    expect(res.code).toBe(1);
    expect(res.stderr.replace(SUMMARY, 'SUMMARY')).toBe(
      [
        '/docs/ broken link: /assets/missing.png → 404',
        '/docs/ broken link: /docs/guide/code → 404',
        '/docs/ broken link: /docs/nowhere → 404',
        '/docs/guide/ broken link: /docs/guide/code → 404',
        '/docs/guide/nested/ broken link: /docs/guide/code → 404',
        '/docs/guide/nested/deep broken link: /docs/guide/code → 404',
        'sitemap.xml broken link: /docs/guide/code → 404',
        'SUMMARY',
        '',
      ].join('\n'),
    );
    expect(SUMMARY.exec(res.stderr)?.[3]).toBe('7');
  });

  it('skips links to other sites unless --external', async () => {
    const other = http.createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}/gone`;
    const ext = copyFixture('basic');
    try {
      expect((await docgen(ext, ['build'])).code).toBe(0);
      const page = path.join(ext, 'build', 'docs', 'guide', 'index.html');
      writeFileSync(page, readFileSync(page, 'utf8').replace('</main>', `<a href="${url}">elsewhere</a></main>`));
      const skipped = await docgen(ext, ['check']);
      expect(skipped.code).toBe(0);
      const checked = await docgen(ext, ['check', '--external']);
      expect(checked.code).toBe(1);
      expect(checked.stderr).toContain(`/docs/guide/ broken link: ${url} → 404\n`);
      // Every broken one is on another site (this sandbox reaches no outside host either).
      const lines = checked.stderr.split('\n').filter((l) => l.includes(' broken link: '));
      expect(lines.every((l) => / broken link: https?:\/\//.test(l))).toBe(true);
      expect(SUMMARY.exec(checked.stderr)?.slice(2)).toEqual([undefined, String(lines.length)]);
    } finally {
      other.close();
    }
  });

  it('says to build first when there is no build', async () => {
    const res = await docgen(site, ['check', '--dir', 'nothing-here']);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe('error nothing-here/: no build found\n  hint: run docgen build first\n');
  });
});
