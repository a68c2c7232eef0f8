import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../generator/config/index.ts';
import { buildHeaders, contentSecurityPolicy, inlineScripts, nginxHeaders, scriptHash, siteHeaders } from '../../../generator/headers/index.ts';
import { STUB_SCRIPT } from '../../../generator/redirects/index.ts';
import { baseUrlBannerScript, colorModeScript } from '../../../generator/render/head.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('Content-Security-Policy', () => {
  const { config } = parseConfig({
    title: 'S',
    url: 'https://docs.example.com',
    navbar: { logo: { src: 'https://cdn.example.net/logo.svg', alt: 'S' }, items: [] },
    scripts: [{ src: 'https://widget.example/v1/w.js', attributes: { 'data-project-name': 'S' } }, { src: 'https://tags.example/gtm.js?id=1' }],
  });
  const policy = contentSecurityPolicy(config);

  it('allows the site, the hash of each of docgen\'s inline scripts and the configured vendor hosts', () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScripts(config)).toEqual([colorModeScript(config), baseUrlBannerScript('/'), STUB_SCRIPT]);
    expect(directive(policy, 'script-src')!.split(' ').sort()).toEqual(
      ['script-src', "'self'", hash(colorModeScript(config)), hash(baseUrlBannerScript('/')), hash(STUB_SCRIPT), 'https://tags.example', 'https://widget.example'].sort(),
    );
    expect(scriptHash('x')).toBe(hash('x'));
  });

  it('follows the config: a new colour mode default is a new hash', () => {
    const { config: light } = parseConfig({ title: 'S', url: 'https://docs.example.com', colorMode: { defaultMode: 'light' } });
    expect(directive(contentSecurityPolicy(light), 'script-src')).not.toBe(directive(policy, 'script-src'));
    expect(directive(contentSecurityPolicy(light), 'script-src')).toContain(scriptHash(colorModeScript(light)));
  });

  it('allows no inline style, no plugin, no foreign base, forms or framing', () => {
    expect(directive(policy, 'style-src')).toBe("style-src 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'self'");
    expect(directive(policy, 'form-action')).toBe("form-action 'self'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(policy).not.toMatch(/unsafe|\*/);
  });

  it('lets images come from the site, data URLs, the logo\'s host and the vendors; fetches from the site and the vendors', () => {
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: https://cdn.example.net https://tags.example https://widget.example");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://tags.example https://widget.example");
  });

  it('is written as _headers for static hosts and as add_header for nginx', () => {
    const [file] = buildHeaders(config);
    expect(file.path).toBe('_headers');
    expect(file.contents).toBe(`/*\n  Content-Security-Policy: ${policy}\n`);
    expect(nginxHeaders(siteHeaders(config))).toBe(`add_header Content-Security-Policy "${policy}" always;\n`);
    expect(nginxHeaders([['X', 'a "b" \\c']])).toBe('add_header X "a \\"b\\" \\\\c" always;\n');
  });
});
