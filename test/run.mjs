// The whole test suite: type check, then unit, fixture and browser tests (vitest).
// Installs Debian's Chromium for the browser tests when it is missing and we are root.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';

function sh(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { stdio: 'inherit', ...opts });
}

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log(`Chromium is missing: installing Debian's chromium (${INSTALL})`);
    const res = sh('sh', ['-c', `${INSTALL} >/dev/null`], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (res.status !== 0 || !existsSync(CHROMIUM)) {
      console.error(`Could not install Chromium. Run as root: ${INSTALL}`);
      process.exit(1);
    }
  } else {
    console.error(`The browser tests need Debian's Chromium at ${CHROMIUM}. Run: sudo ${INSTALL}`);
    process.exit(1);
  }
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
let passed = 0;
let failed = 0;

console.log('type check: tsc --noEmit');
const tsc = sh(npx, ['tsc', '--noEmit', '-p', 'tsconfig.json']);
if (tsc.status === 0) passed++;
else failed++;

const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'docgen-test-')), 'vitest.json');
const extra = process.argv.slice(2);
sh(npx, ['vitest', 'run', '--config', 'test/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  // A test file that fails to load has no tests of its own: count it as one failure.
  const brokenFiles = json.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  failed += json.numFailedTests + brokenFiles;
  if (json.numTotalTests === 0) failed++;
} else {
  failed++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
