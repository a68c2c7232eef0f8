// Once per vitest run, in the main process: one temporary folder for the whole run, removed when
// it ends. The test workers and the docgen processes they start inherit TMPDIR, so every folder
// a test makes with os.tmpdir() (fixture copies, outputs, packages) is inside it and nothing is
// left behind; `shared` in it holds what test files share within the run (the real site's build,
// see real-build.ts).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedDir: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-test-run-'));
  const shared = path.join(dir, 'shared');
  mkdirSync(shared);
  process.env.TMPDIR = dir;
  project.provide('sharedDir', shared);
  return () => rmSync(dir, { recursive: true, force: true });
}
