import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianPackage, JAVA } from '../apt.mjs';
import { htmlFiles, sharedRealBuild } from '../real-build.ts';

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const run = promisify(execFile);

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
}

/** Run the Nu HTML Checker once (one JVM) over `files`: its errors, one line each. */
async function checkHtml(files: string[]): Promise<string[]> {
  let report: string;
  try {
    report = (await run(JAVA, ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], { maxBuffer: 256 * 1024 * 1024 })).stderr;
  } catch (err) {
    // Exit code 1 means errors were found; the report is on stderr either way.
    report = (err as { stderr?: string }).stderr ?? '';
    if (!report.startsWith('{')) throw err;
  }
  const { messages } = JSON.parse(report) as { messages: VnuMessage[] };
  return messages.map((m) => `${decodeURIComponent(new URL(m.url).pathname)}:${m.lastLine ?? 0}:${m.firstColumn ?? 0}: ${m.type}: ${m.message}`);
}

let dir: string;
let files: string[];
let bad: string;

beforeAll(async () => {
  const missing = ensureDebianPackage('default-jre-headless', JAVA);
  if (missing) throw new Error(`the Nu HTML Checker needs Java: ${missing}`);
  dir = await sharedRealBuild();
  files = htmlFiles(dir).map((f) => path.join(dir, f));
  // A page with one known error, checked in the same run: proves the checker reports.
  bad = path.join(mkdtempSync(path.join(os.tmpdir(), 'docgen-vnu-')), 'bad.html');
  writeFileSync(bad, '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><img src="a.png"></body></html>\n');
}, 180_000);
afterAll(() => {
  if (bad) rmSync(path.dirname(bad), { recursive: true, force: true });
});

describe('the Nu HTML Checker on every HTML file of the real site', () => {
  it('finds no error in any page, redirect stub or the 404 page', async () => {
    expect(files.map((f) => path.relative(dir, f))).toEqual(expect.arrayContaining(['index.html', '404.html', 'docs/index.html']));
    const errors = await checkHtml([...files, bad]);
    expect(errors.filter((e) => e.startsWith(`${bad}:`))).toEqual([expect.stringContaining('An “img” element must have an “alt” attribute')]);
    expect(errors.filter((e) => !e.startsWith(`${bad}:`))).toEqual([]);
  }, 300_000);
});
