import { describe, expect, it } from 'vitest';
import { expandRedirects } from '../../../generator/redirects/expand.ts';
import { expandPattern, fromRegex, isPattern, patternProblem } from '../../../generator/redirects/patterns.ts';

const PAGES = ['/docs/concepts/', '/docs/concepts/elements', '/docs/concepts/what-are-tokens', '/docs/api/tokens/', '/docs/api/tokens/tokenize', '/'];

describe('pattern redirects', () => {
  it('are told from plain paths by a whole :name segment or a last *', () => {
    expect(isPattern('/concepts/:slug')).toBe(true);
    expect(isPattern('/old/*')).toBe(true);
    expect(isPattern('/concepts/a:b')).toBe(false);
    expect(isPattern('/concepts/elements')).toBe(false);
  });

  it('expand to one redirect per page their target matches', () => {
    expect(expandPattern('/concepts/:slug', '/docs/concepts/:slug', PAGES.map((p) => p.replace(/(.)\/$/, '$1')))).toEqual([
      { from: '/concepts/elements', to: '/docs/concepts/elements' },
      { from: '/concepts/what-are-tokens', to: '/docs/concepts/what-are-tokens' },
    ]);
    expect(expandPattern('/old/*', '/docs/api/:splat#top', ['/docs/api/tokens', '/docs/api/tokens/tokenize', '/docs/api'])).toEqual([
      { from: '/old/tokens', to: '/docs/api/tokens#top' },
      { from: '/old/tokens/tokenize', to: '/docs/api/tokens/tokenize#top' },
    ]);
    expect(expandPattern('/v1/:a/:b', '/docs/:b/:a', ['/docs/api/tokens'])).toEqual([{ from: '/v1/tokens/api', to: '/docs/api/tokens' }]);
  });

  it('match every spelling of their old paths, capturing the placeholders', () => {
    const re = new RegExp(fromRegex('/concepts/:slug'));
    for (const p of ['/concepts/elements', '/concepts/elements/', '/concepts/elements.html', '/concepts/elements/index.html']) expect(re.exec(p)?.[1]).toBe('elements');
    expect(re.test('/concepts')).toBe(false);
    expect(re.test('/concepts/a/b')).toBe(false);
    expect(new RegExp(fromRegex('/old/*')).exec('/old/a/b/index.html')?.[1]).toBe('a/b');
    expect(new RegExp(fromRegex('/a.b/:x')).test('/aXb/y')).toBe(false);
  });

  it('name the field at fault when a placeholder is unknown, unused, repeated or partial', () => {
    expect(patternProblem('/concepts/:slug', '/docs/concepts/:name')).toEqual({ field: 'to', message: 'unknown placeholder ":name" ("/concepts/:slug" has :slug)' });
    expect(patternProblem('/old', '/docs/:slug')).toEqual({ field: 'to', message: 'unknown placeholder ":slug": "from" ("/old") has none' });
    expect(patternProblem('/old/*', '/docs/:slug')?.field).toBe('to');
    expect(patternProblem('/old/:a/:b', '/docs/:a')).toMatchObject({ field: 'from', message: expect.stringContaining('":b" is not used in "to"') });
    expect(patternProblem('/old/:a/:a', '/docs/:a')).toMatchObject({ field: 'from', message: expect.stringContaining('appears twice') });
    expect(patternProblem('/old/*/x', '/docs/:splat')).toMatchObject({ field: 'from', message: expect.stringContaining('last segment') });
    expect(patternProblem('/old/x-:a/:b', '/docs/:b')).toMatchObject({ field: 'from', message: expect.stringContaining('whole segment') });
    expect(patternProblem('/concepts/:slug', '/docs/concepts/:slug')).toBeUndefined();
    expect(patternProblem('/old/*', '/docs/:splat')).toBeUndefined();
    expect(patternProblem('/old', '/docs/a:b')).toBeUndefined();
  });
});

describe('expanding redirects.json', () => {
  it('keeps plain entries, expands patterns, and lets a plain entry win over an expansion', () => {
    const { redirects, diagnostics } = expandRedirects(
      [
        { from: '/concepts/:slug', to: '/docs/concepts/:slug', line: 2 },
        { from: '/concepts/elements', to: '/docs/api/tokens/', line: 3 },
      ],
      PAGES,
    );
    expect(diagnostics).toEqual([]);
    expect(redirects).toEqual([
      { from: '/concepts/what-are-tokens', to: '/docs/concepts/what-are-tokens', line: 2, rule: { from: '/concepts/:slug', to: '/docs/concepts/:slug' } },
      { from: '/concepts/elements', to: '/docs/api/tokens/', line: 3 },
    ]);
  });

  it('rejects a pattern matching no page, matching a page of the site, or listed twice', () => {
    const { redirects, diagnostics } = expandRedirects(
      [
        { from: '/gone/:slug', to: '/docs/nowhere/:slug', line: 2 },
        { from: '/docs/api/tokens/:slug', to: '/docs/concepts/:slug', line: 5 },
        { from: '/concepts/:slug', to: '/docs/concepts/:slug', line: 6 },
        { from: '/concepts/:slug/', to: '/docs/concepts/:slug', line: 7 },
      ],
      PAGES,
    );
    expect(redirects.map((r) => r.from)).toEqual(['/concepts/elements', '/concepts/what-are-tokens']);
    expect(diagnostics.map((d) => [d.severity, d.kind, d.location.file, d.location.line, d.message])).toEqual([
      ['error', 'broken redirect', 'redirects.json', 2, '/gone/:slug → /docs/nowhere/:slug: no page matches /docs/nowhere/:slug'],
      ['error', 'redirect conflict', 'redirects.json', 5, '/docs/api/tokens/:slug matches /docs/api/tokens/tokenize, a page of the site'],
      ['error', 'redirect conflict', 'redirects.json', 7, '/concepts/:slug/ is already redirected to /docs/concepts/:slug (line 6)'],
    ]);
  });
});
