import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO } from '../helpers.ts';

/**
 * The real site's API reference against its OpenAPI description (openapi/vaultline.yaml): every
 * operation is rendered on exactly one page, under the page's title as its tag, with permissions
 * the Permissions page lists, and no JSON example of a request or response escapes the check.
 */
interface Operation {
  operationId: string;
  tags: string[];
  'x-permissions': string[];
}

const DOCS = path.join(REPO, 'content', 'docs');
const description = parse(readFileSync(path.join(REPO, 'openapi', 'vaultline.yaml'), 'utf8')) as { paths: Record<string, Record<string, Operation>> };
const operations = Object.values(description.paths).flatMap((item) => Object.values(item));
const pages = (readdirSync(DOCS, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({ file: f.split(path.sep).join('/'), text: readFileSync(path.join(DOCS, f), 'utf8') }));
const apiPages = pages.filter((p) => p.file.startsWith('api/'));

/** Each `::operation` directive of a page: the id and the parts it shows. */
function directives(text: string): { id: string; parts: string[] }[] {
  return [...text.matchAll(/^::operation\{id="([^"]+)"(?: show="([^"]+)")?\}\s*$/gm)].map((m) => ({
    id: m[1],
    parts: m[2] ? m[2].split(',').map((s) => s.trim()) : ['endpoint', 'permissions', 'request', 'responses'],
  }));
}

/** The JSON fences of a page with the `###` section they sit in. */
function jsonFences(text: string): { line: number; meta: string; section: string }[] {
  const out: { line: number; meta: string; section: string }[] = [];
  let section = '';
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^```/.test(line)) {
      if (!fenced && /^```json\b/.test(line)) out.push({ line: i + 1, meta: line, section });
      fenced = !fenced && !/^```.*```$/.test(line);
      return;
    }
    if (fenced) return;
    const heading = /^(#{2,3}) (.+)$/.exec(line);
    if (heading) section = heading[1] === '##' ? '' : heading[2];
  });
  return out;
}

describe('the API reference and its OpenAPI description', () => {
  it('renders every operation on exactly one page, each part at most once and the endpoint line once', () => {
    const shown = new Map<string, { pages: Set<string>; parts: string[] }>();
    for (const page of pages) {
      for (const d of directives(page.text)) {
        const entry = shown.get(d.id) ?? { pages: new Set(), parts: [] };
        entry.pages.add(page.file);
        entry.parts.push(...d.parts);
        shown.set(d.id, entry);
      }
    }
    const problems = operations.flatMap((op) => {
      const entry = shown.get(op.operationId);
      if (!entry) return [`${op.operationId}: on no page`];
      const out: string[] = [];
      if (entry.pages.size !== 1) out.push(`${op.operationId}: on ${[...entry.pages].join(', ')}`);
      if (entry.parts.filter((p) => p === 'endpoint').length !== 1) out.push(`${op.operationId}: endpoint shown ${entry.parts.filter((p) => p === 'endpoint').length} times`);
      if (new Set(entry.parts).size !== entry.parts.length) out.push(`${op.operationId}: a part shown twice (${entry.parts.join(', ')})`);
      return out;
    });
    expect(problems).toEqual([]);
    expect([...shown.keys()].filter((id) => !operations.some((op) => op.operationId === id))).toEqual([]);
  });

  it('leaves no ::endpoint line in the latest API pages', () => {
    expect(apiPages.filter((p) => /^::endpoint\{/m.test(p.text)).map((p) => p.file)).toEqual([]);
  });

  it('tags each operation with the title of the page that renders it', () => {
    const titleOf = new Map(apiPages.map((p) => [p.file, /^title: (.+)$/m.exec(p.text)?.[1].trim()]));
    const pageOf = new Map(apiPages.flatMap((p) => directives(p.text).map((d) => [d.id, p.file] as const)));
    const wrong = operations.filter((op) => op.tags.length !== 1 || op.tags[0] !== titleOf.get(pageOf.get(op.operationId) ?? '')).map((op) => `${op.operationId}: ${op.tags.join(', ')}`);
    expect(wrong).toEqual([]);
  });

  it('asks only for permissions the Permissions page lists', () => {
    const listed = new Set([...readFileSync(path.join(DOCS, 'api/applications/permissions.md'), 'utf8').matchAll(/^\| `([a-z0-9:-]+)` \|/gm)].map((m) => m[1]));
    expect(listed.size).toBeGreaterThan(30);
    const unknown = operations.flatMap((op) => op['x-permissions'].filter((p) => !listed.has(p)).map((p) => `${op.operationId}: ${p}`));
    expect(unknown).toEqual([]);
  });

  it('marks every JSON example in a Request or Response section, so the build checks it', () => {
    const unmarked = apiPages.flatMap((p) =>
      jsonFences(p.text)
        .filter((f) => /^(Request|Response)$/.test(f.section) && !/\b(request|response)=\w/.test(f.meta))
        .map((f) => `${p.file}:${f.line} (${f.section})`),
    );
    expect(unmarked).toEqual([]);
  });
});
