// Once per vitest run, in the main process: a folder for what test files share within the run
// (the real site's build, see real-build.ts), removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
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
  project.provide('sharedDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
