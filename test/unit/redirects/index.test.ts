import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRedirects, readRedirects, stubPage } from '../../../generator/redirects/index.ts';

function siteWith(contents: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-redirects-'));
  writeFileSync(path.join(dir, 'redirects.json'), contents);
  return dir;
}

describe('redirects', () => {
  it('reads the list and writes one stub per from', () => {
    const list = readRedirects(siteWith('[{"from":"/old","to":"/docs/new#part"}]'));
    expect(list).toEqual([{ from: '/old', to: '/docs/new#part', line: 1 }]);
    expect(buildRedirects(list).map((f) => f.path)).toEqual(['old/index.html', '_redirects', 'redirects.nginx.conf']);
  });

  it('names the entry and field of a bad redirect', () => {
    expect(() => readRedirects(siteWith('[{"from":"/a","to":"/b"},{"from":"/c","to":"https://evil.example"}]'))).toThrowError(
      'entry [1].to: expected a site path starting with "/" (got "https://evil.example")',
    );
    expect(() => readRedirects(siteWith('{ nope'))).toThrowError(/^invalid JSON/);
  });

  it('escapes the target and keeps query and hash in the script', () => {
    const html = stubPage('/docs/a"b<c');
    expect(html).toContain('content="0; url=/docs/a&quot;b&lt;c"');
    expect(html).toContain('location.replace("/docs/a\\"b\\u003cc"+location.search+location.hash)');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });
});
