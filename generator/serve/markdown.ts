/**
 * Content negotiation of a page's Markdown: a request for a page's clean URL that names
 * `text/markdown` in its `Accept` header gets the Markdown published beside the page (what
 * "View as Markdown" links to) instead of its HTML. The same rule is written for nginx
 * (`nginxMarkdownMap`), so `docgen serve`, `docgen dev` and a production nginx answer alike.
 */
import { markdownPathFor } from '../render/paths.ts';

/**
 * Whether an `Accept` header names `text/markdown` with a weight above 0. A browser never
 * names it (its `*∕*` does not count), so pages keep answering browsers with HTML.
 */
export function wantsMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    if (type !== 'text/markdown') return false;
    const q = params.find((p) => /^q\s*=/.test(p));
    return q === undefined || Number(q.replace(/^q\s*=\s*/, '')) > 0;
  });
}

/**
 * Whether the answer at a path (inside the site) depends on `Accept`: a clean URL, whose last
 * segment has no extension (`/docs/a`, `/docs/a/`). Files (`/docs/a.md`, `/x.css`) never do.
 */
export function negotiable(pathname: string): boolean {
  return /^(.*\/)?[^/.]+\/?$/.test(pathname);
}

/** The Markdown a request may be answered with, when it asks for it: `/docs/a/` → `docs/a.md`. */
export function markdownAnswer(pathname: string, accept: string | undefined): string | undefined {
  return negotiable(pathname) && wantsMarkdown(accept) ? markdownPathFor(pathname) : undefined;
}

/**
 * The same rule for nginx, for the http block: `$docgen_markdown` is the URI of the page's
 * Markdown when the request asks for it (tried first by the server block's `try_files`), else
 * the page's own `index.html`; `$docgen_vary` is `Accept` on clean URLs, sent as `Vary`.
 * `.md` and `.mjs` files (the diagram runtime's modules) get their media types: Debian's
 * `mime.types` has none for them, and a browser runs no module served as text/plain.
 */
export function nginxMarkdownMap(): string {
  return [
    'types { "text/markdown; charset=utf-8" md; text/javascript mjs; }',
    'map $http_accept $docgen_accept_markdown {',
    '    default 0;',
    '    "~*text/markdown\\s*;\\s*q\\s*=\\s*0(\\.0*)?\\s*(,|$)" 0;',
    '    "~*text/markdown" 1;',
    '}',
    'map "$docgen_accept_markdown$uri" $docgen_markdown {',
    '    default "$uri/index.html";',
    '    "~^1(?<docgen_page>.*/[^/.]+)/?$" "$docgen_page.md";',
    '}',
    // The request's own URI: `try_files` has made `$uri` the file's by the time headers go out.
    'map $request_uri $docgen_vary {',
    '    default "";',
    '    "~^([^?]*/)?[^/.?]+/?(\\?.*)?$" "Accept";',
    '}',
    'add_header Vary $docgen_vary always;',
    '',
  ].join('\n');
}
