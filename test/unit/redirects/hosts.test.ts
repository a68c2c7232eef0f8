import { describe, expect, it } from 'vitest';
import { hostRules, netlifyRules, nginxMap, rulesUnderBase, spellings } from '../../../generator/redirects/hosts.ts';
import { buildRoutes } from '../../../generator/routes/index.ts';
import { fakeDoc as doc } from '../../helpers.ts';

const content = { docs: [doc('index'), doc('api/index'), doc('api/tokens')], pages: [], navbar: [], categories: [], sidebars: {}, displayedSidebars: {}, assets: new Map(), staticFiles: [] };

describe('host rules', () => {
  it('spells a path every way a static host may see it', () => {
    expect(spellings('/old/')).toEqual(['/old', '/old/', '/old.html', '/old/index.html']);
    expect(spellings('/')).toEqual(['/', '/index.html']);
    expect(spellings('/a.html')).toEqual(['/a.html']);
  });

  it('lists the redirects first, then the .html forms of every page, leaving real files alone', () => {
    const list = [{ from: '/old', to: '/docs/api/tokens#create' }];
    const rules = hostRules(list, buildRoutes(content, list), new Set(['/docs/api.html']));
    expect(netlifyRules(rules)).toBe(
      [
        '/old /docs/api/tokens#create 301',
        '/old/ /docs/api/tokens#create 301',
        '/old.html /docs/api/tokens#create 301',
        '/old/index.html /docs/api/tokens#create 301',
        '/docs.html /docs/ 301',
        '/docs/index.html /docs/ 301',
        '/docs/api/index.html /docs/api/ 301',
        '/docs/api/tokens.html /docs/api/tokens 301',
        '/docs/api/tokens/index.html /docs/api/tokens 301',
        '',
      ].join('\n'),
    );
  });

  it('writes the same rules as an nginx map, the fragment in a map of its own', () => {
    const list = [{ from: '/old', to: '/docs/api/tokens#create' }];
    const conf = nginxMap(hostRules(list, buildRoutes(content, list), new Set()));
    expect(conf).toContain('map $uri $docgen_redirect {\n    default "";\n    "/old" "/docs/api/tokens";\n    "/old/" "/docs/api/tokens";\n');
    expect(conf).toContain('    "/docs/api/tokens/index.html" "/docs/api/tokens";\n}');
    expect(conf).toContain('map $uri $docgen_redirect_hash {\n    default "";\n    "/old" "#create";\n    "/old/" "#create";\n    "/old.html" "#create";\n    "/old/index.html" "#create";\n}');
    expect(conf).toContain('map_hash_bucket_size 64;');
  });

  it('writes a pattern once, after every plain path: a splat rule for Netlify, a regex for nginx', () => {
    const rule = { from: '/old/:slug', to: '/docs/api/:slug#top' };
    const list = [
      { from: '/old/tokens', to: '/docs/api/tokens#top', rule },
      { from: '/gone', to: '/docs/' },
    ];
    const rules = hostRules(list, buildRoutes(content, list), new Set());
    const netlify = netlifyRules(rules).trim().split('\n');
    expect(netlify[0]).toBe('/gone /docs/ 301');
    expect(netlify.at(-1)).toBe('/old/:slug /docs/api/:slug#top 301');
    expect(netlify.filter((l) => l.startsWith('/old'))).toHaveLength(1);
    const conf = nginxMap(rules);
    expect(conf).toContain('    "/docs/api/tokens/index.html" "/docs/api/tokens";\n    "~^/old/([^/]+?)(?:/|\\.html|/index\\.html)?$" "/docs/api/$1";\n}');
    expect(conf).toContain('    "~^/old/([^/]+?)(?:/|\\.html|/index\\.html)?$" "#top";\n}');
  });

  it('numbers the captures of a splat and of several placeholders in the order of "from"', () => {
    const list = [
      { from: '/v1/tokens/api', to: '/docs/api/tokens', rule: { from: '/v1/:a/:b', to: '/docs/:b/:a' } },
      { from: '/legacy/api/tokens', to: '/docs/api/tokens', rule: { from: '/legacy/*', to: '/docs/:splat' } },
    ];
    const conf = nginxMap(hostRules(list, buildRoutes(content, list), new Set()));
    expect(conf).toContain('    "~^/v1/([^/]+?)/([^/]+?)(?:/|\\.html|/index\\.html)?$" "/docs/$2/$1";');
    expect(conf).toContain('    "~^/legacy/(.+?)(?:/|\\.html|/index\\.html)?$" "/docs/$1";');
  });

});

describe('host rules under a base URL', () => {
  it('writes every rule under the base URL, patterns and the server lines too, other sites left as they are', () => {
    const list = [
      { from: '/old', to: '/docs/api/tokens#create' },
      { from: '/away', to: 'https://status.example/' },
      { from: '/old/tokens', to: '/docs/api/tokens', rule: { from: '/old/:slug', to: '/docs/api/:slug' } },
    ];
    const rules = rulesUnderBase(hostRules(list, buildRoutes(content, list), new Set()), '/developers/');
    const netlify = netlifyRules(rules).trim().split('\n');
    expect(netlify.slice(0, 2)).toEqual(['/developers/old /developers/docs/api/tokens#create 301', '/developers/old/ /developers/docs/api/tokens#create 301']);
    expect(netlify).toContain('/developers/away https://status.example/ 301');
    expect(netlify).toContain('/developers/docs/api/tokens.html /developers/docs/api/tokens 301');
    expect(netlify.at(-1)).toBe('/developers/old/:slug /developers/docs/api/:slug 301');
    expect(netlify.every((l) => l.startsWith('/developers/'))).toBe(true);
    const conf = nginxMap(rules, '/developers/');
    expect(conf).toContain('    "/developers/old" "/developers/docs/api/tokens";\n');
    expect(conf).toContain('    "~^/developers/old/([^/]+?)(?:/|\\.html|/index\\.html)?$" "/developers/docs/api/$1";');
    expect(conf).toContain('#   location /developers/ { alias /path/to/build/; try_files $docgen_markdown $uri/index.html $uri =404; }\n#   error_page 404 /developers/404.html;\n');
    expect(conf).not.toContain('location / ');
  });

  it('leaves the rules as they are at the root', () => {
    const list = [{ from: '/old', to: '/docs/' }];
    const rules = hostRules(list, buildRoutes(content, list), new Set());
    expect(rulesUnderBase(rules, '/')).toBe(rules);
    expect(nginxMap(rules, '/')).toBe(nginxMap(rules));
    expect(nginxMap(rules)).toContain('#   location / { try_files $docgen_markdown $uri/index.html $uri =404; }\n#   error_page 404 /404.html;\n');
  });
});
