import { describe, expect, it } from 'vitest';
import { absoluteUrl, isSitePath, stripBase, withBase, withBaseInHtml } from '../../../common/base.ts';

describe('the base URL', () => {
  it('tells a path of the site from other URLs', () => {
    expect(['/', '/docs/a', '/docs/a#b', '/a?b=c'].map(isSitePath)).toEqual([true, true, true, true]);
    expect(['//cdn.example/x.js', 'https://example.com/', '#top', 'a/b', '../a', 'mailto:a@b.c', ''].map(isSitePath)).toEqual([false, false, false, false, false, false, false]);
  });

  it('adds the base to a path of the site, query and fragment kept, and leaves other URLs alone', () => {
    expect(withBase('/developers/', '/')).toBe('/developers/');
    expect(withBase('/developers/', '/docs/a?x=1#b')).toBe('/developers/docs/a?x=1#b');
    expect(withBase('/developers/', '/assets/main.abc.js')).toBe('/developers/assets/main.abc.js');
    for (const other of ['https://example.com/docs/', '//cdn.example/x', '#b', 'a/b', 'mailto:a@b.c']) expect(withBase('/developers/', other)).toBe(other);
  });

  it('is the identity at the root', () => {
    for (const url of ['/', '/docs/a#b', 'https://example.com/', 'a/b']) expect(withBase('/', url)).toBe(url);
    const html = '<a href="/docs/a">a</a><img src="/img/x.png">';
    expect(withBaseInHtml('/', html)).toBe(html);
  });

  it('takes the base off a requested path, and nothing outside it is the site', () => {
    expect(stripBase('/developers/', '/developers/docs/a')).toBe('/docs/a');
    expect(stripBase('/developers/', '/developers/')).toBe('/');
    expect(stripBase('/developers/', '/developers')).toBe('/');
    expect(stripBase('/developers/', '/developersx/a')).toBeNull();
    expect(stripBase('/developers/', '/docs/a')).toBeNull();
    expect(stripBase('/', '/docs/a')).toBe('/docs/a');
    expect(stripBase('/a/b/', '/a/b/c/')).toBe('/c/');
  });

  it('makes full URLs from the site URL, the base and a path, with or without a trailing slash on the site URL', () => {
    expect(absoluteUrl('https://example.com', '/developers/', '/docs/a')).toBe('https://example.com/developers/docs/a');
    expect(absoluteUrl('https://example.com/', '/developers/', '/')).toBe('https://example.com/developers/');
    expect(absoluteUrl('https://example.com/', '/', '/docs/a.md')).toBe('https://example.com/docs/a.md');
  });

  it('adds the base to the links and images of hand-written HTML, code left as written', () => {
    const html = [
      '<p><a href="/docs/a#b">a</a> <a href="https://x.example/">x</a> <a href="#c">c</a> <a href="../d">d</a> <a href="//cdn.example/e">e</a></p>',
      '<img src="/img/x.png" alt="x"><a class="card" href="/">home</a>',
      '<pre><code>&lt;a href="/docs/a"&gt;</code></pre><p><code>src="/x"</code></p>',
    ].join('');
    expect(withBaseInHtml('/developers/', html)).toBe(
      [
        '<p><a href="/developers/docs/a#b">a</a> <a href="https://x.example/">x</a> <a href="#c">c</a> <a href="../d">d</a> <a href="//cdn.example/e">e</a></p>',
        '<img src="/developers/img/x.png" alt="x"><a class="card" href="/developers/">home</a>',
        '<pre><code>&lt;a href="/docs/a"&gt;</code></pre><p><code>src="/x"</code></p>',
      ].join(''),
    );
  });
});
