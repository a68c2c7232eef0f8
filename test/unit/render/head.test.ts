import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../generator/config/index.ts';
import { colorModeScript, documentHtml, escapeHtml, pageTitle } from '../../../generator/render/head.ts';

describe('escaping text for HTML', () => {
  it('escapes each of & < > " wherever it stands, and gives text without them back as it is', () => {
    for (const [text, html] of [['&', '&amp;'], ['a < b', 'a &lt; b'], ['b>', 'b&gt;'], ['"q"', '&quot;q&quot;'], ['<a href="x?a=1&b=2">', '&lt;a href=&quot;x?a=1&amp;b=2&quot;&gt;']]) expect(escapeHtml(text)).toBe(html);
    for (const text of ['', 'const client', "it's", '(a) {}']) expect(escapeHtml(text)).toBe(text);
  });
});

describe('document head', () => {
  it('titles pages "{page} | {site}" and the home page with the site title alone', () => {
    expect(pageTitle('Tokens', 'Vaultline Docs')).toBe('Tokens | Vaultline Docs');
    expect(pageTitle(undefined, 'Vaultline Docs')).toBe('Vaultline Docs');
    expect(pageTitle('Vaultline Docs', 'Vaultline Docs')).toBe('Vaultline Docs');
  });

  it('writes lang, dir, canonical, Open Graph and the generator version', () => {
    const { config } = parseConfig({ title: 'S', url: 'https://docs.example.com', version: '1.171.0' });
    const html = documentHtml(config, { title: 'A | S', description: 'D "quoted"', route: '/docs/a' }, '<p>x</p>', { scripts: ['/assets/main.js'], styles: ['/assets/s.css'], config: '/assets/config.1.js', files: [] }, { route: '/docs/a', kind: 'doc', title: 'A | S </script><b>' });
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en" dir="ltr"/);
    expect(html).toContain('<meta name="generator" content="docgen 1.171.0">');
    expect(html).toContain('<link rel="canonical" href="https://docs.example.com/docs/a">');
    expect(html).toContain('<meta property="og:description" content="D &quot;quoted&quot;">');
    expect(html).toContain('<script defer src="/assets/config.1.js"></script>\n<script type="module" src="/assets/main.js"></script>');
  });

  it('carries the page data for hydration in a script nothing can break out of', () => {
    const { config } = parseConfig({ title: 'S', url: 'https://docs.example.com' });
    const html = documentHtml(config, { title: 'A', route: '/a' }, '', { scripts: [], styles: [], config: '/assets/config.1.js', files: [] }, { route: '/a', kind: 'doc', title: 'A </script><b>' });
    const data = html.match(/<script id="__docgen-data" type="application\/json">(.*?)<\/script>/)![1];
    expect(data).not.toContain('<');
    expect(JSON.parse(data).title).toBe('A </script><b>');
  });

  it('applies the stored colour mode before paint, defaulting to the config', () => {
    const { config } = parseConfig({ title: 'S', url: 'https://docs.example.com' });
    const script = colorModeScript(config);
    expect(script).toContain("localStorage.getItem('theme')");
    expect(script).toContain('"dark"');
  });

  it('marks a dismissed announcement bar before paint only when the site has one', () => {
    const plain = parseConfig({ title: 'S', url: 'https://docs.example.com' }).config;
    expect(colorModeScript(plain)).not.toContain('data-announcement-dismissed');
    const withBar = parseConfig({ title: 'S', url: 'https://docs.example.com', announcementBar: { id: 'sale "2"', content: 'x' } }).config;
    const script = colorModeScript(withBar);
    expect(script).toContain('localStorage.getItem("docusaurus.announcement.id")==="sale \\"2\\""');
    expect(() => new Function(script)).not.toThrow();
  });
});
