import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../generator/config/index.ts';
import { parseFrontMatter } from '../../generator/content/frontmatter.ts';
import { resolveNavbar } from '../../generator/content/navbar.ts';
import { checkDocRoute } from '../../generator/content/safe-routes.ts';
import { buildSidebars } from '../../generator/content/sidebars.ts';
import { formatDiagnostic, type Diagnostic } from '../../generator/errors.ts';
import { configLinks } from '../../generator/links/config.ts';
import { checkLinks, groupRepeated } from '../../generator/links/index.ts';
import type { Rendered } from '../../generator/model.ts';
import { renderMarkdown } from '../../generator/markdown/render.ts';
import { expandRedirects } from '../../generator/redirects/expand.ts';
import { readRedirects } from '../../generator/redirects/read.ts';
import { checkRedirects } from '../../generator/redirects/validate.ts';
import { buildRoutes } from '../../generator/routes/index.ts';
import { fakeDoc as doc, thrown } from '../helpers.ts';
import { getToken } from './openapi/view/operations.ts';
import { siteComponents } from './markdown/site-components.ts';

/*
 * Every message a reader can meet, with its hint and did-you-mean, pinned word for word: each
 * table produces each message once, formatted as the CLI prints it.
 */


const table = (cases: Record<string, () => string>) => Object.fromEntries(Object.entries(cases).map(([name, make]) => [name, make()]));
const base = { title: 'T', url: 'https://docs.example.com' };
const config = (more: Record<string, unknown>) => () => thrown(() => parseConfig({ ...base, ...more }));

describe('config errors', () => {
  it('say what is wrong in plain words, at the key', () => {
    expect(
      table({
        unknownKey: config({ titel: 'x' }),
        missing: () => thrown(() => parseConfig({ url: base.url })),
        wrongType: config({ search: { maxHits: 'ten' } }),
        notWhole: config({ search: { maxHits: 2.5 } }),
        tooSmall: config({ tableOfContents: { minHeadingLevel: 1 } }),
        empty: config({ title: '' }),
        notUrl: config({ url: 'docs.example.com' }),
        notOneOf: config({ onBrokenLinks: 'explode' }),
        baseUrl: config({ baseUrl: 'docs' }),
        colour: config({ announcementBar: { id: 'a', content: 'x', backgroundColor: 'red; }' } }),
        navbarType: config({ navbar: { items: [{ type: 'foo' }] } }),
        sidebarEntry: config({ sidebars: { guides: { items: [{ type: 'page', id: 'a' }] } } }),
        sidebarDir: config({ sidebars: { guides: { dir: '/guides/' } } }),
        routeBase: config({ docs: { routeBase: '/handbook/' } }),
        scriptAttribute: config({ scripts: [{ src: 'https://x.example/a.js', attributes: { 'Data-X': '1' } }] }),
        storageKey: config({ storage: { colorMode: "site's theme" } }),
        scopeSidebar: config({ sidebars: { guides: { dir: '' }, reference: { dir: 'api' } }, search: { scopes: [{ label: 'API', sidebars: ['refrence'] }] } }),
        scopeEmpty: config({ search: { scopes: [{ label: 'API', sidebars: [] }] } }),
        more: config({ titel: 'x', tagline: 3, onBrokenLinks: 'no' }),
      }),
    ).toMatchInlineSnapshot(`
      {
        "baseUrl": "error site.config.ts: baseUrl: must start and end with "/"
        hint: fix the value and build again",
        "colour": "error site.config.ts: announcementBar.backgroundColor: expected a CSS colour such as "#00a4ba", "teal" or "rgb(0, 164, 186)"
        hint: fix the value and build again",
        "empty": "error site.config.ts: title: must not be empty
        hint: fix the value and build again",
        "missing": "error site.config.ts: title: is required
        hint: fix the value and build again",
        "more": "error site.config.ts: titel: unknown key; did you mean "title"? (and 2 more)
        hint: tagline: must be text; onBrokenLinks: must be one of "throw", "warn", "ignore"",
        "navbarType": "error site.config.ts: navbar.items[0].type: unknown navbar item type "foo" (expected one of default, doc, docSidebar, docsVersion, docsVersionDropdown, dropdown, html, search, localeDropdown, or custom-<name>)
        hint: fix the value and build again",
        "notOneOf": "error site.config.ts: onBrokenLinks: must be one of "throw", "warn", "ignore"
        hint: fix the value and build again",
        "notUrl": "error site.config.ts: url: must be a full URL such as "https://docs.example.com"
        hint: fix the value and build again",
        "notWhole": "error site.config.ts: search.maxHits: must be a whole number
        hint: fix the value and build again",
        "routeBase": "error site.config.ts: docs.routeBase: must be a path such as "/docs": a "/" and a name, without a "/" at the end
        hint: fix the value and build again",
        "scopeEmpty": "error site.config.ts: search.scopes[0].sidebars: must have at least 1 entries
        hint: fix the value and build again",
        "scopeSidebar": "error site.config.ts: search.scopes[0].sidebars[0]: unknown sidebar "refrence", did you mean "reference"? (sidebars: guides, reference)
        hint: fix the value and build again",
        "scriptAttribute": "error site.config.ts: scripts[0].attributes.Data-X: must be an attribute name in lower case, such as "data-id"
        hint: fix the value and build again",
        "sidebarDir": "error site.config.ts: sidebars.guides.dir: must be a folder below content/docs such as "api" or "guides/start", or "" for all
        hint: fix the value and build again",
        "sidebarEntry": "error site.config.ts: sidebars.guides.items[0]: must be a doc id, or an entry whose "type" is "doc", "link", "html", "autogenerated" or "category" with the fields of that type
        hint: fix the value and build again",
        "storageKey": "error site.config.ts: storage.colorMode: must be a storage key of letters, digits, ".", "_", ":" or "-", such as "site.theme"
        hint: fix the value and build again",
        "tooSmall": "error site.config.ts: tableOfContents.minHeadingLevel: must be at least 2
        hint: fix the value and build again",
        "unknownKey": "error site.config.ts: titel: unknown key; did you mean "title"?
        hint: fix the value and build again",
        "wrongType": "error site.config.ts: search.maxHits: must be a number
        hint: fix the value and build again",
      }
    `);
  });

  it('name the doc id or sidebar the config gets wrong', () => {
    const docs = [doc('index', { title: 'Home' }), doc('guides/a', { title: 'A' })];
    const withSidebars = (sidebars: Record<string, unknown>) => parseConfig({ ...base, sidebars }).config;
    const navbar = (items: unknown[]) => () => thrown(() => resolveNavbar(parseConfig({ ...base, navbar: { items } }).config, docs, { empty: [] }));
    expect(
      table({
        sidebarDocId: () => thrown(() => buildSidebars(docs, [], withSidebars({ guides: { items: ['guides/b'] } }))),
        categoryLink: () => thrown(() => buildSidebars(docs, [{ dir: 'guides', label: 'G', collapsed: true, link: { type: 'doc', id: 'guides/z' } }], withSidebars({ guides: { dir: '' } }))),
        categoryBadge: () => thrown(() => buildSidebars(docs, [], parseConfig({ ...base, badges: [{ label: 'Beta' }], sidebars: { guides: { items: [{ type: 'category', label: 'C', badges: ['Betta'], items: [] }] } } }).config)),
        navbarDocId: navbar([{ type: 'doc', docId: 'guide/a' }]),
        navbarSidebar: navbar([{ type: 'docSidebar', sidebarId: 'empty' }]),
      }),
    ).toMatchInlineSnapshot(`
      {
        "categoryBadge": "error site.config.ts: sidebars.guides.items[0].badges: no badge "Betta"; did you mean "Beta"?
        hint: a badge is declared in the config's "badges" first",
        "categoryLink": "error content/docs/guides/_category_.json: link: unknown doc id "guides/z"
        hint: doc ids are paths below content/docs without .md",
        "navbarDocId": "error site.config.ts: navbar.items[0].docId: unknown doc id "guide/a"
        hint: doc ids are paths below content/docs without .md, e.g. "api/index"",
        "navbarSidebar": "error site.config.ts: navbar.items[0].sidebarId: sidebar "empty" has no doc to link to
        hint: sidebars: empty",
        "sidebarDocId": "error site.config.ts: sidebars.guides.items[0]: unknown doc id "guides/b"
        hint: doc ids are paths below content/docs without .md, e.g. "api/tokens/index"",
      }
    `);
  });
});

describe('front matter errors', () => {
  const front = (yaml: string) => () => thrown(() => parseFrontMatter(`---\ntitle: A\n${yaml}\n---\nBody\n`, 'content/docs/a.md', ['Beta', 'Deprecated']));
  const route = (id: string, slug: string) => () => thrown(() => checkDocRoute(`/docs/${slug}`, { slug }, { file: `content/docs/${id}.md`, line: () => 3 }));
  it('say what is wrong in plain words, at the line of the key', () => {
    expect(
      table({
        yaml: front('bad: : x'),
        list: () => thrown(() => parseFrontMatter('---\n- a\n---\n', 'content/docs/a.md', [])),
        wrongType: front('sidebar_position: abc'),
        notBoolean: front('hide_title: yes please'),
        notList: front('keywords: 3'),
        outOfRange: front('toc_max_heading_level: 9'),
        idPattern: front('id: a/b'),
        tocOrder: front('toc_min_heading_level: 4\ntoc_max_heading_level: 3'),
        badge: front('badges: [Betta]'),
        displayedSidebar: () => {
          const stray = { ...doc('a', { displayed_sidebar: 'guide' }), raw: '---\ndisplayed_sidebar: guide\n---\n' };
          return thrown(() => buildSidebars([stray], [], parseConfig({ ...base, sidebars: { guides: { dir: '' }, reference: { items: [] } } }).config));
        },
        slugClimbs: route('a', '../../x'),
      }),
    ).toMatchInlineSnapshot(`
      {
        "badge": "error content/docs/a.md:3:1: front matter "badges": no badge "Betta"; did you mean "Beta"?
        hint: the site's badges are "Beta", "Deprecated" (the config's "badges")",
        "displayedSidebar": "error content/docs/a.md:2:1: front matter "displayed_sidebar": no sidebar "guide"; did you mean "guides"?
        hint: the sidebars are "guides", "reference" (the config's "sidebars"); null shows none",
        "idPattern": "error content/docs/a.md:3:1: front matter "id": must be a file-name-like id (letters, digits, - _ .) (got "a/b")
        hint: see the README's front matter table for "id"",
        "list": "error content/docs/a.md:2:1: front matter must be "key: value" lines, not a list
        hint: write one "key: value" per line between the two "---" lines, e.g. title: My page",
        "notBoolean": "error content/docs/a.md:3:1: front matter "hide_title": must be true or false (got "yes please")
        hint: see the README's front matter table for "hide_title"",
        "notList": "error content/docs/a.md:3:1: front matter "keywords": must be a list (got 3)
        hint: see the README's front matter table for "keywords"",
        "outOfRange": "error content/docs/a.md:3:1: front matter "toc_max_heading_level": must be at most 6 (got 9)
        hint: see the README's front matter table for "toc_max_heading_level"",
        "slugClimbs": "error content/docs/a.md:3:1: front matter "slug": "../../x" has a ".." segment; a page must stay inside the site
        hint: a slug is a path below the docs' route base ("/docs" unless the config's docs.routeBase says otherwise): "/x" gives /docs/x, "x" replaces the file name; use letters, digits, "-", "_" and "/"",
        "tocOrder": "error content/docs/a.md:3:1: front matter "toc_min_heading_level": is greater than toc_max_heading_level (3) (got 4)
        hint: see the README's front matter table for "toc_min_heading_level"",
        "wrongType": "error content/docs/a.md:3:1: front matter "sidebar_position": must be a number (got "abc")
        hint: see the README's front matter table for "sidebar_position"",
        "yaml": "error content/docs/a.md:3:6: invalid YAML front matter: incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line
        hint: front matter is YAML between two "---" lines; quote values that contain ":" or "#"",
      }
    `);
  });
});

describe('link diagnostics', () => {
  const docs = [doc('index'), doc('api/index'), doc('api/tokens')];
  const content = { docs, pages: [], navbar: [], categories: [], sidebars: {}, displayedSidebars: {}, assets: new Map(), staticFiles: [] };
  const routes = buildRoutes(content, [{ from: '/old', to: '/docs/' }]);
  const rendered = (id: string, links: string[], ids: string[] = []): Rendered => ({ docId: id, key: id, html: () => '', toc: [], ids, links: links.map((url, i) => ({ url, line: i + 1, column: 3 })), sections: [], diagnostics: [] });
  const byId = (list: Rendered[]) => new Map(list.map((r) => [r.docId, r]));
  const found = (links: string[]) => () =>
    checkLinks(docs, byId([rendered('index', links), rendered('api/index', []), rendered('api/tokens', [], ['create'])]), { routes, files: new Set(['/img/logo.svg']) })
      .map(formatDiagnostic)
      .join('\n');
  it('name the link, what it misses and the page meant', () => {
    expect(
      table({
        noPage: found(['/docs/api/tokenz']),
        noFile: found(['/img/logo.sv']),
        noAnchor: found(['/docs/api/tokens#creat']),
        toRedirect: found(['/old']),
        htmlForm: found(['/docs/api/tokens.html']),
        fromConfig: () => {
          const links = configLinks(parseConfig({ ...base, navbar: { items: [{ label: 'Gone', to: '/docs/apx' }] } }).config);
          return checkLinks(docs, byId([rendered('index', []), rendered('api/index', []), rendered('api/tokens', [])]), { routes, files: new Set() }, links).map(formatDiagnostic).join('\n');
        },
        repeated: () => {
          const one = (file: string): Diagnostic => ({ severity: 'error', kind: 'broken link', message: '/docs/x → no such page', location: { file, line: 1, column: 1 } });
          return groupRepeated(['a', 'b', 'c', 'd', 'e', 'f'].map((f) => one(`content/docs/${f}.md`))).map(formatDiagnostic).join('\n');
        },
      }),
    ).toMatchInlineSnapshot(`
      {
        "fromConfig": "site.config.ts error broken link: navbar.items[0].to: /docs/apx → no such page; did you mean /docs/api/?",
        "htmlForm": "content/docs/index.md:1:3 warning link to redirect: /docs/api/tokens.html links to a redirect; link to /docs/api/tokens instead",
        "noAnchor": "content/docs/index.md:1:3 warning broken anchor: /docs/api/tokens#creat → no heading or id "creat" on /docs/api/tokens; did you mean #create?",
        "noFile": "content/docs/index.md:1:3 error broken link: /img/logo.sv → no such file; did you mean /img/logo.svg?",
        "noPage": "content/docs/index.md:1:3 error broken link: /docs/api/tokenz → no such page; did you mean /docs/api/tokens?",
        "repeated": "content/docs/a.md:1:1 error broken link: /docs/x → no such page (on 6 pages)
        hint: a link broken on this many pages likely comes from shared layout or config",
        "toRedirect": "content/docs/index.md:1:3 warning link to redirect: /old links to a redirect; link to /docs/ instead",
      }
    `);
  });
});

describe('redirect diagnostics', () => {
  const docs = [doc('index'), doc('api/index'), doc('api/tokens')];
  const content = { docs, pages: [], navbar: [], categories: [], sidebars: {}, displayedSidebars: {}, assets: new Map(), staticFiles: [] };
  const checked = (list: { from: string; to: string }[]) => () => {
    const lines = list.map((r, i) => ({ ...r, line: i + 2 }));
    return checkRedirects(lines, buildRoutes(content, lines)).diagnostics.map(formatDiagnostic).join('\n');
  };
  const expanded = (list: { from: string; to: string }[]) => () =>
    expandRedirects(list.map((r, i) => ({ ...r, line: i + 2 })), docs.map((d) => d.route)).diagnostics.map(formatDiagnostic).join('\n');
  const file = (json: string) => () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-messages-'));
    writeFileSync(path.join(dir, 'redirects.json'), json);
    return thrown(() => readRedirects(dir));
  };
  it('name the entry, what is wrong and the page meant', () => {
    expect(
      table({
        broken: checked([{ from: '/gone', to: '/docs/api/tokenz' }]),
        conflict: checked([{ from: '/docs/api/tokens', to: '/docs/' }]),
        twice: checked([{ from: '/a', to: '/docs/' }, { from: '/a', to: '/docs/api/' }]),
        chain: checked([{ from: '/a', to: '/b' }, { from: '/b', to: '/docs/' }]),
        loop: checked([{ from: '/a', to: '/b' }, { from: '/b', to: '/a' }]),
        patternMatchesNothing: expanded([{ from: '/old/:slug', to: '/docs/nowhere/:slug' }]),
        notJson: file('[{ "from": "/a" '),
        notArray: file('{}'),
        unknownField: file('[{ "from": "/a", "to": "/docs/", "code": 301 }]'),
        badPattern: file('[{ "from": "/old/:slug", "to": "/docs/new" }]'),
      }),
    ).toMatchInlineSnapshot(`
      {
        "badPattern": "error redirects.json:1:12: entry [0].from: placeholder ":slug" is not used in "to": a stub is written for every page "to" matches, so "to" must name each placeholder
        hint: a pattern names its placeholders in both paths: { "from": "/old/:slug", "to": "/docs/new/:slug" }, or "/old/*" → "/docs/new/:splat"",
        "broken": "redirects.json:2:1 error broken redirect: /gone → /docs/api/tokenz: no such page; did you mean /docs/api/tokens?",
        "chain": "redirects.json:2:1 warning redirect chain: /a → /b → /docs/ collapsed to /a → /docs/
        hint: point /a at /docs/",
        "conflict": "redirects.json:2:1 error redirect conflict: /docs/api/tokens is a page of the site
        hint: remove the redirect, or the page",
        "loop": "redirects.json:2:1 error redirect loop: /a → /b → /a never reaches a page
        hint: point one of them at a page
      redirects.json:3:1 error redirect loop: /b → /a → /b never reaches a page
        hint: point one of them at a page",
        "notArray": "error redirects.json:1:1: expected an array of redirects
        hint: each entry is { "from": "/old-path", "to": "/docs/new-path" }",
        "notJson": "error redirects.json:1:17: invalid JSON: Expected ',' or '}' after property value
        hint: each entry is { "from": "/old-path", "to": "/docs/new-path" }",
        "patternMatchesNothing": "redirects.json:2:1 error broken redirect: /old/:slug → /docs/nowhere/:slug: no page matches /docs/nowhere/:slug
        hint: point "to" at the pages the old paths moved to",
        "twice": "redirects.json:3:1 error redirect conflict: /a is already redirected to /docs/ (line 2)
        hint: keep one entry per old path",
        "unknownField": "error redirects.json:1:2: entry [0]: unknown field "code" (a redirect has "from" and "to")
        hint: each entry is { "from": "/old-path", "to": "/docs/new-path" }",
      }
    `);
  });
});

describe('operation directive diagnostics', () => {
  it('name the directive at its line', async () => {
    const found = async (body: string) => (await renderMarkdown({ docId: 'a', source: 'content/docs/a.md', body, bodyLine: 1, apiBaseUrl: '', operations: { getToken } })).diagnostics.map(formatDiagnostic).join('\n');
    const printed = {
      withoutId: await found('::operation\n'),
      unknownPart: await found('::operation{id="getToken" show="endpoint,sdk"}\n'),
      shownTwice: await found('::operation{id="getToken" show="request"}\n\n::operation{id="getToken" show="request,responses"}\n'),
      notGiven: await found('::operation{id="createToken"}\n'),
    };
    expect(printed).toMatchInlineSnapshot(`
      {
        "notGiven": "content/docs/a.md:1:1 warning directive: ::operation{id="createToken"}: the page was given no such operation
        hint: set "openapi" in site.config.ts to the description's path; ids are its operationId values",
        "shownTwice": "content/docs/a.md:3:1 warning directive: ::operation{id="getToken"} shows "request" a second time on this page
        hint: each part of an operation is shown once: list the others in show="…"",
        "unknownPart": "content/docs/a.md:1:1 warning directive: ::operation show="endpoint,sdk": unknown part "sdk" (parts: endpoint, permissions, request, responses)",
        "withoutId": "content/docs/a.md:1:1 warning directive: ::operation needs an id: ::operation{id="createToken"}",
      }
    `);
  });
});

describe('markdown diagnostics', () => {
  const found = (body: string) => async () => (await renderMarkdown({ docId: 'a', source: 'content/docs/a.md', body, bodyLine: 1, apiBaseUrl: '', components: await siteComponents() })).diagnostics.map(formatDiagnostic).join('\n');
  it('name the block, the directive or the link at its line', async () => {
    const cases = {
      unknownLanguage: found('```klingon\nx\n```\n'),
      cardWithoutHref: found('::::cards\n:::card{title="A"}\nx\n:::\n::::\n'),
      unknownDirective: found('::endpointt{method="GET" path="/x"}\n'),
      badProp: found('::endpoint{method="FETCH" path="/x"}\n'),
      throwing: found('::::tabs\nNo tab here.\n::::\n'),
      dangerousLink: found('[x](javascript:alert(1))\n'),
    };
    const printed = Object.fromEntries(await Promise.all(Object.entries(cases).map(async ([name, make]) => [name, await make()])));
    expect(printed).toMatchInlineSnapshot(`
      {
        "badProp": "content/docs/a.md:1:1 error directive: ::endpoint: prop "method" (got "FETCH"): Invalid option: expected one of "GET"|"POST"|"PUT"|"PATCH"|"DELETE"|"HEAD"|"OPTIONS"
        hint: the rule is the schema in content/components/endpoint.tsx",
        "cardWithoutHref": "content/docs/a.md:2:1 error directive: :::card in :::cards: prop "href" is required
        hint: write it as :::card{href="…"}",
        "dangerousLink": "content/docs/a.md:1:1 error dangerous link: "javascript:alert(1)" is a javascript: URL, which runs script when followed; it was removed from the page
        hint: link to a page or an https:// address; behaviour belongs in the theme",
        "throwing": "content/docs/a.md:1:1 error directive: component "tabs" threw while rendering: a ::::tabs block needs at least one :::tab inside it
        hint: fix the props written here, or the component",
        "unknownDirective": "content/docs/a.md:1:1 error directive: unknown component "::endpointt"
        hint: did you mean "endpoint"?",
        "unknownLanguage": "content/docs/a.md:1:1 warning unknown language: code block language "klingon" is not supported; rendered as plain text
        hint: use a language shiki knows (js, ts, shell, json, python, go, …) or "text"",
      }
    `);
  });
});
