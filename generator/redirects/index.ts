import type { OutputFile, Redirect, RouteTable } from '../model.ts';
import { escapeHtml, htmlPathFor } from '../render/index.tsx';
import { withBase } from '../../common/base.ts';
import { hostRules, netlifyRules, nginxMap, rulesUnderBase } from './hosts.ts';

export { readRedirects, REDIRECTS_FILE } from './read.ts';

/**
 * The script of every stub: go to the target in its element's `data-to`, keeping the reader's
 * query string (before the target's own `#fragment`, merged with its query) and their `#hash`
 * (unless the target has one). One text for every stub, so a Content-Security-Policy allows
 * it by one hash (see generator/headers).
 */
export const STUB_SCRIPT = `(function(s,l){var t=s.getAttribute('data-to'),i=t.indexOf('#'),p=i<0?t:t.slice(0,i),h=i<0?l.hash:t.slice(i),q=l.search;if(q)p+=(p.indexOf('?')<0?'?':'&')+q.slice(1);l.replace(p+h)})(document.currentScript,location)`;

/** A stub page: the script first, then a zero-second refresh for readers without JavaScript. */
export function stubPage(to: string): string {
  const target = escapeHtml(to);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<title>Redirecting…</title>',
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${target}">`,
    `<script data-to="${target}">${STUB_SCRIPT}</script>`,
    `<meta http-equiv="refresh" content="0; url=${target}">`,
    '</head>',
    `<body><p>This page has moved to <a href="${target}">${target}</a>.</p></body>`,
    '</html>',
    '',
  ].join('\n');
}

/**
 * Where a static host looks for `from`: `from/index.html` (hosts serving folders) and
 * `from.html` (hosts that map `/from` and `/from.html` to it, like GitHub Pages). A path that
 * is already a file of the build keeps its file. Pages get no `.html` stubs: on hosts that
 * prefer `a.html` to `a/index.html` for `/a`, a stub there would send `/a` to itself forever;
 * their `.html` forms are host rules only.
 */
function stubPaths(from: string, files: Set<string>): string[] {
  if (from.endsWith('.html')) return files.has(from) ? [] : [from.slice(1)];
  const paths = [htmlPathFor(from)];
  const bare = from.replace(/\/$/, '');
  if (bare !== '') paths.push(`${bare.slice(1)}.html`);
  return paths.filter((p) => !files.has(`/${p}`));
}

/**
 * The redirects stage: stub pages for every redirect (meta refresh and script, for any static
 * host), and one list of rules (the redirects, and the `.html` forms of every page) written as
 * `_redirects` and as an nginx map for real 301s, followed by `nginxHeaders` (the site's
 * `add_header` lines, see generator/headers: the map's file goes in the http block).
 */
export function buildRedirects(redirects: Redirect[], routes: RouteTable, files: Set<string>, nginxHeaders = '', base = '/'): OutputFile[] {
  const rules = rulesUnderBase(hostRules(redirects, routes, files), base);
  return [
    ...redirects.flatMap((r) => stubPaths(r.from, files).map((p) => ({ path: p, contents: stubPage(withBase(base, r.to)) }))),
    { path: '_redirects', contents: netlifyRules(rules) },
    { path: 'redirects.nginx.conf', contents: nginxMap(rules, base) + nginxHeaders },
  ];
}
