import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryFiles } from '../../../generator/dev/files.ts';
import { DevSession } from '../../../generator/dev/session.ts';
import { formatError } from '../../../generator/errors.ts';
import { isPageFile } from '../../../generator/render/paths.ts';
import { Entry } from '../../../generator/serve/http.ts';
import { FIXTURES } from '../../helpers.ts';

let sessions: DevSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  sessions = [];
});

/** The openapi fixture in a temp folder and a session that ran every stage once. */
async function start() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-dev-openapi-'));
  cpSync(path.join(FIXTURES, 'openapi'), root, { recursive: true, filter: (src) => !src.includes('node_modules') });
  const served = new MemoryFiles({ transform: (_p, b) => b, failed: (p, err) => new Entry(p, Buffer.from(String(err)), 500) });
  const session = new DevSession(root, served);
  sessions.push(session);
  expect((await session.start()).ok, session.errors().map((e) => e.message).join('\n')).toBe(true);
  const yaml = path.join(root, 'openapi', 'api.yaml');
  const edit = (from: string, to: string) => {
    const text = readFileSync(yaml, 'utf8');
    expect(text).toContain(from);
    writeFileSync(yaml, text.replace(from, to));
    return yaml;
  };
  return { session, served, edit, yaml };
}

describe('docgen dev and the OpenAPI description', () => {
  it('watches the file the config names', async () => {
    const { session, yaml } = await start();
    expect(session.apiFile).toBe(yaml);
    expect(session.watches(yaml)).toBe(true);
  });

  it('an edited operation re-renders the page that documents it, not the others; the published description follows', async () => {
    const { session, served, edit } = await start();
    const result = await session.update([edit('summary: Create a payment', 'summary: Make a payment')]);
    expect(result.ok).toBe(true);
    expect(result.changed.filter(isPageFile)).toEqual(['docs/api/payments/index.html']);
    expect(served.get('openapi.yaml')?.body.toString()).toContain('summary: Make a payment');
    expect(JSON.parse(served.get('openapi.json')!.body.toString()).paths['/payments'].post.summary).toBe('Make a payment');
  });

  it('an edit that changes no operation (a comment) re-renders no page', async () => {
    const { session, edit } = await start();
    const result = await session.update([edit('tags:\n  - name: Tokens', 'tags:\n  # the pages, by tag\n  - name: Tokens')]);
    expect(result.ok).toBe(true);
    expect(result.changed.filter(isPageFile)).toEqual([]);
    expect(result.changed).toContain('openapi.yaml');
  });

  it('shows an invalid description at its file:line, keeps the pages, and clears the error once fixed', async () => {
    const { session, edit } = await start();
    await session.update([edit('operationId: listTokens', 'operationId: createToken')]);
    expect(session.errors().map((e) => formatError(e))).toEqual([
      'error openapi/api.yaml:51:7: duplicate operationId "createToken": POST /tokens (line 15) has it too\n  hint: every operationId must be unique',
    ]);
    const fixed = await session.update([edit('operationId: createToken\n      summary: List tokens', 'operationId: listTokens\n      summary: List tokens')]);
    expect(fixed.ok).toBe(true);
    expect(session.errors()).toEqual([]);
  });

  it('shows a page naming an operation removed from the description at the page line', async () => {
    const { session, edit } = await start();
    await session.update([edit('operationId: deleteToken', 'operationId: removeToken')]);
    expect(session.errors().map((e) => formatError(e))).toEqual([
      'error content/docs/api/tokens.md:42:1: no operation "deleteToken" in openapi/api.yaml\n  hint: the operation may have been removed or renamed in openapi/api.yaml: name one it describes',
    ]);
  });

  it('reports an example that no longer matches an edited schema, at the page line', async () => {
    const { session, edit } = await start();
    await session.update([edit("amount: { type: integer, minimum: 1,", "amount: { type: string,")]);
    const examples = session.diagnostics.filter((d) => d.kind === 'mismatched example');
    expect(examples.map((d) => `${d.location.file}:${d.location.line}:${d.location.column} ${d.message}`)).toEqual(['content/docs/api/payments.md:12:3 request=createPayment /amount: must be string']);
  });
});
