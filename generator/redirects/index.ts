import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { DocgenError } from '../errors.ts';
import type { OutputFile, Redirect } from '../model.ts';
import { escapeHtml, htmlPathFor } from '../render/index.tsx';

export const REDIRECTS_FILE = 'redirects.json';

/** Read and shape-check redirects.json; an entry with a bad field is named by index. */
export function readRedirects(root: string): Redirect[] {
  const file = path.join(root, REDIRECTS_FILE);
  if (!existsSync(file)) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new DocgenError(`invalid JSON: ${(err as Error).message}`, { file: REDIRECTS_FILE, line: 1, column: 1 }, 'the file is an array of { "from": "/old", "to": "/new" }');
  }
  if (!Array.isArray(raw)) throw new DocgenError('expected an array of { "from", "to" } objects', { file: REDIRECTS_FILE, line: 1, column: 1 });
  return raw.map((entry, i) => {
    for (const field of ['from', 'to'] as const) {
      const v = (entry as Record<string, unknown>)?.[field];
      if (typeof v !== 'string' || !v.startsWith('/')) {
        throw new DocgenError(`entry [${i}].${field}: expected a site path starting with "/" (got ${JSON.stringify(v)})`, { file: REDIRECTS_FILE }, 'redirects stay inside the site');
      }
    }
    return { from: entry.from as string, to: entry.to as string };
  });
}

/** A stub page: zero-second refresh, canonical, noindex, and a script keeping query and hash. */
export function stubPage(to: string): string {
  const target = escapeHtml(to);
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting…</title>\n<meta name="robots" content="noindex">\n<link rel="canonical" href="${target}">\n<meta http-equiv="refresh" content="0; url=${target}">\n<script>location.replace(${JSON.stringify(to).replace(/</g, '\\u003c')}+location.search+location.hash)</script>\n</head>\n<body><p>This page has moved to <a href="${target}">${target}</a>.</p></body>\n</html>\n`;
}

/** The redirects stage: one stub page per `from`. */
export function buildRedirects(redirects: Redirect[]): OutputFile[] {
  return redirects.map((r) => ({ path: htmlPathFor(r.from), contents: stubPage(r.to) }));
}
