import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocgenError } from '../../../generator/errors.ts';
import { readRedirects } from '../../../generator/redirects/read.ts';

function siteWith(contents: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-redirects-'));
  writeFileSync(path.join(dir, 'redirects.json'), contents);
  return dir;
}

/** The error a malformed file raises: message and where it points. */
function failure(contents: string): { message: string; at: string } {
  try {
    readRedirects(siteWith(contents));
  } catch (err) {
    const e = err as DocgenError;
    return { message: e.message, at: `${e.location?.line}:${e.location?.column}` };
  }
  throw new Error('expected readRedirects to fail');
}

describe('reading redirects.json', () => {
  it('reads each entry with the line it starts on', () => {
    const list = readRedirects(siteWith('[\n  { "from": "/old", "to": "/docs/new#part" },\n\n  {\n    "to": "/docs/",\n    "from": "/older/"\n  }\n]\n'));
    expect(list).toEqual([
      { from: '/old', to: '/docs/new#part', line: 2 },
      { from: '/older/', to: '/docs/', line: 4 },
    ]);
  });

  it('names the entry index and field of a malformed entry, at its line and column', () => {
    const two = (second: string) => `[\n  { "from": "/a", "to": "/b" },\n  ${second}\n]`;
    expect(failure(two('{ "from": "/c", "to": 42 }'))).toEqual({ message: 'entry [1].to: expected a string (got 42)', at: '3:25' });
    expect(failure(two('{ "from": "/c" }'))).toEqual({ message: 'entry [1].to: missing', at: '3:3' });
    expect(failure(two('{ "form": "/c", "to": "/d" }'))).toEqual({ message: 'entry [1]: unknown field "form" (a redirect has "from" and "to")', at: '3:3' });
    expect(failure(two('"/c"'))).toEqual({ message: 'entry [1]: expected an object (got "/c")', at: '3:3' });
    expect(failure(two('{ "from": "c", "to": "/d" }'))).toEqual({ message: 'entry [1].from: expected a site path starting with "/" (got "c")', at: '3:13' });
    expect(failure(two('{ "from": "/c d", "to": "/d" }')).message).toBe('entry [1].from: "/c d" holds a character a URL cannot (space, quote, backslash…); percent-encode it');
    expect(failure(two('{ "from": "/c?x=1", "to": "/d" }')).message).toBe('entry [1].from: "/c?x=1": hosts match the path only, without a query or #fragment');
  });

  it('refuses open redirects in either field', () => {
    for (const bad of ['https://evil.example/', '//evil.example', '/\\\\evil.example', 'javascript:alert(1)']) {
      expect(failure(`[{ "from": "/a", "to": ${JSON.stringify(bad.replace(/\\\\/g, '\\'))} }]`).message).toMatch(/^entry \[0\]\.to: ".*" leaves the site; a redirect must stay on it/);
    }
    expect(failure('[{ "from": "https://old.example/a", "to": "/b" }]').message).toMatch(/^entry \[0\]\.from: .* leaves the site/);
  });

  it('reports invalid JSON at its line and column, and a file that is not a list', () => {
    expect(failure('[\n  { "from": "/a", "to": "/b" }\n  { "from": "/c", "to": "/d" }\n]')).toEqual({ message: expect.stringMatching(/^invalid JSON: /), at: '3:3' });
    expect(failure('\n{ "from": "/a", "to": "/b" }')).toEqual({ message: 'expected an array of redirects', at: '2:1' });
  });
});

describe('redirect paths that would leave the output', () => {
  it('refuses a from or to that climbs out, hides a climb behind escapes, or holds a backslash, at its line and column', () => {
    const one = (entry: string) => `[\n  ${entry}\n]`;
    expect(failure(one('{ "from": "/../../escape", "to": "/docs/" }'))).toEqual({
      message: 'entry [0].from: "/../../escape" has a ".." segment; a redirect\'s paths must stay inside the site',
      at: '2:13',
    });
    expect(failure(one('{ "from": "/%2e%2e/x", "to": "/docs/" }')).message).toBe('entry [0].from: "/%2e%2e/x" has a ".." segment once its %-escapes are decoded; a redirect\'s paths must stay inside the site');
    expect(failure(one('{ "from": "/a%2fb", "to": "/docs/" }')).message).toBe('entry [0].from: "/a%2fb" percent-encodes a "/"; a redirect\'s paths must stay inside the site');
    expect(failure(one('{ "from": "/old", "to": "/docs/../../x?q#h" }'))).toEqual({
      message: 'entry [0].to: "/docs/../../x?q#h" has a ".." segment; a redirect\'s paths must stay inside the site',
      at: '2:27',
    });
    expect(failure(one('{ "from": "/a//b", "to": "/docs/" }')).message).toBe('entry [0].from: "/a//b" has an empty segment ("//"); a redirect\'s paths must stay inside the site');
  });

  it('keeps a query and hash out of the check', () => {
    expect(readRedirects(siteWith('[{ "from": "/old", "to": "/docs/?a=../b#../c" }]'))).toEqual([{ from: '/old', to: '/docs/?a=../b#../c', line: 1 }]);
  });
});

describe('pattern entries of redirects.json', () => {
  it('are read as they are written', () => {
    expect(readRedirects(siteWith('[{ "from": "/concepts/:slug", "to": "/docs/concepts/:slug" }]'))).toEqual([{ from: '/concepts/:slug', to: '/docs/concepts/:slug', line: 1 }]);
  });

  it('name an unknown or unused placeholder at the line and column of its field', () => {
    expect(failure('[\n  { "from": "/a", "to": "/b" },\n  { "from": "/concepts/:slug", "to": "/docs/concepts/:name" }\n]')).toEqual({
      message: 'entry [1].to: unknown placeholder ":name" ("/concepts/:slug" has :slug)',
      at: '3:38',
    });
    expect(failure('[\n  { "from": "/old/:a/:b",\n    "to": "/docs/:a" }\n]').at).toBe('2:13');
  });
});
