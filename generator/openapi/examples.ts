import type { Doc } from '../model.ts';
import type { PageExample } from './model.ts';

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)(.*)$/;
const REQUEST = /(?:^|\s)request=([^\s:]+)/;
const RESPONSE = /(?:^|\s)response=([^\s:]+):(\S+)/;
const SHELLS = new Set(['bash', 'sh', 'shell', 'console', 'curl', 'zsh']);

/** A fenced block of a doc: its language, meta, code and the source line of its first code line. */
interface Fence {
  lang: string;
  meta: string;
  code: string;
  /** Line of the opening fence in the source file. */
  line: number;
  column: number;
}

/** The fenced code blocks of a doc, at their source lines (fences inside lists and directives included). */
export function fencesOf(doc: Doc): Fence[] {
  const out: Fence[] = [];
  let open: { fence: string; indent: number; block: Fence; lines: string[] } | undefined;
  doc.body.split('\n').forEach((text, i) => {
    const f = FENCE.exec(text);
    if (open) {
      if (f && f[2][0] === open.fence[0] && f[2].length >= open.fence.length && !f[3] && !f[4].trim()) {
        out.push({ ...open.block, code: open.lines.join('\n') });
        open = undefined;
      } else open.lines.push(text.slice(Math.min(open.indent, text.length - text.trimStart().length)));
      return;
    }
    if (f) open = { fence: f[2], indent: f[1].length, lines: [], block: { lang: f[3].toLowerCase(), meta: f[4].trim(), code: '', line: doc.bodyLine + i, column: f[1].length + 1 } };
  });
  return out;
}

/** The path of a URL on the API's base: `https://api.x/v1/tokens/1?a=b` on `https://api.x/v1` → `/tokens/1`. */
function apiPath(url: string, apiBaseUrl: string): string | undefined {
  const bare = url.split(/[?#]/)[0];
  if (apiBaseUrl) return bare.startsWith(apiBaseUrl.replace(/\/$/, '')) ? bare.slice(apiBaseUrl.replace(/\/$/, '').length) || '/' : undefined;
  return /^https?:\/\/[^/]+(\/.*)?$/.exec(bare)?.[1] ?? '/';
}

/** The JSON bodies (`-d '…'`, `--data…`, `--json`) of the cURL commands of a shell block, with their method and path. */
function curlExamples(fence: Fence, apiBaseUrl: string): PageExample[] {
  const out: PageExample[] = [];
  const starts = [...fence.code.matchAll(/(^|[\s;&|])curl\s/g)].map((m) => m.index + m[1].length);
  starts.forEach((start, i) => {
    const command = fence.code.slice(start, starts[i + 1] ?? fence.code.length);
    // A quote inside single quotes is written '\'' in shell: the body goes on past it.
    const body = /(?:^|\s)(?:-d|--data|--data-raw|--data-binary|--json)\s+'((?:[^']|'\\'')*)'/.exec(command);
    const url = /(["']?)(https?:\/\/[^\s"']+)\1/.exec(command);
    const path = url && apiPath(url[2], apiBaseUrl);
    if (!body || path === undefined || path === null || !/^\s*[[{]/.test(body[1])) return;
    const method = /(?:^|\s)(?:-X|--request)\s*["']?([A-Za-z]+)/.exec(command)?.[1].toUpperCase() ?? 'POST';
    const before = fence.code.slice(0, start + body.index + body[0].indexOf("'") + 1);
    const line = fence.line + 1 + (before.match(/\n/g)?.length ?? 0);
    out.push({ kind: 'request', method, path, text: body[1].replaceAll("'\\''", "'"), line, column: before.length - before.lastIndexOf('\n') });
  });
  return out;
}

/**
 * The JSON examples of a doc to check against the description: fences marked `request=<id>`
 * or `response=<id>:<status>`, and the bodies of cURL samples (their operation is found by
 * method and path). Lines are those of the JSON's first line in the source file.
 */
export function pageExamples(doc: Doc, apiBaseUrl: string): PageExample[] {
  const out: PageExample[] = [];
  for (const fence of fencesOf(doc)) {
    const request = REQUEST.exec(fence.meta);
    const response = RESPONSE.exec(fence.meta);
    const at = { text: fence.code, line: fence.line + 1, column: 1 };
    if (request) out.push({ kind: 'request', operationId: request[1], ...at });
    else if (response) out.push({ kind: 'response', operationId: response[1], status: response[2], ...at });
    else if (SHELLS.has(fence.lang)) out.push(...curlExamples(fence, apiBaseUrl));
  }
  return out;
}
