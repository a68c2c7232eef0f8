import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { docRoute } from '../generator/content/routes.ts';
import { formatError } from '../generator/errors.ts';
import type { Doc, DocFrontMatter } from '../generator/model.ts';

export const REPO = path.resolve(import.meta.dirname, '..');
export const CLI = path.join(REPO, 'bin', 'docgen.mjs');
export const FIXTURES = path.join(REPO, 'test', 'fixtures');

const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the real CLI as a user would, in `cwd`. */
export async function docgen(cwd: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A private copy of a fixture site in a temp folder, so a test may edit it. */
export function copyFixture(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `docgen-${name}-`));
  cpSync(path.join(FIXTURES, name), dir, { recursive: true, filter: (src) => !src.includes('node_modules') });
  return dir;
}

export function read(dir: string, file: string): string {
  return readFileSync(path.join(dir, file), 'utf8');
}

/** A doc as the content stage would produce it, for unit tests of later stages. */
export function fakeDoc(id: string, frontMatter: DocFrontMatter = {}): Doc {
  return {
    id,
    source: `content/docs/${id}.md`,
    route: docRoute(id, '/docs'),
    title: frontMatter.title ?? id,
    frontMatter,
    body: '',
    bodyLine: 1,
    raw: '',
  };
}

/**
 * A private copy of the docgen package (bin, generator, theme; dependencies linked), so a test
 * may edit the theme. Its CLI is `<dir>/bin/docgen.mjs`.
 */
export function copyPackage(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-pkg-'));
  for (const f of ['bin', 'generator', 'common', 'theme', 'package.json']) cpSync(path.join(REPO, f), path.join(dir, f), { recursive: true });
  // A real node_modules folder (the CLI bundle and caches go in it) of links to ours.
  mkdirSync(path.join(dir, 'node_modules'));
  for (const name of readdirSync(path.join(REPO, 'node_modules'))) {
    if (name !== '.cache') symlinkSync(path.join(REPO, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  return dir;
}

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** An HTTP request with the path sent exactly as written (fetch would normalise `..`). */
export function request(url: string, target: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET'): Promise<RawReply> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What `fn` throws, as the CLI prints it. */
export function thrown(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return formatError(err);
  }
  return 'nothing thrown';
}
