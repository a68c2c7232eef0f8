// The whole test suite: type check, then unit, fixture and browser tests (vitest).
// Installs Debian's Chromium (browser tests), Java (HTML checker), Hugo (the bench's comparison
// site, built by its test) and nginx (host rules test) when missing and root.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackage, HUGO, JAVA, NGINX } from './apt.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function sh(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { stdio: 'inherit', ...opts });
}

const noChromium = ensureDebianPackage('chromium', CHROMIUM);
if (noChromium) {
  console.error(`The browser tests need Debian's Chromium. ${noChromium}`);
  process.exit(1);
}
const noJava = ensureDebianPackage('default-jre-headless', JAVA);
if (noJava) {
  console.error(`The HTML check needs Debian's Java runtime. ${noJava}`);
  process.exit(1);
}
const noHugo = ensureDebianPackage('hugo', HUGO);
if (noHugo) {
  console.error(`The bench's Hugo test needs Debian's hugo. ${noHugo}`);
  process.exit(1);
}
// The nginx test skips, saying why, where nginx cannot be installed.
const noNginx = ensureDebianPackage('nginx', NGINX);
if (noNginx) console.warn(`The nginx test will be skipped: ${noNginx}`);

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
let passed = 0;
let failed = 0;

// Each side alone (common: no DOM, no Node; theme: DOM; generator: Node), then the tests with both.
for (const config of ['tsconfig.common.json', 'tsconfig.theme.json', 'tsconfig.generator.json', 'tsconfig.json']) {
  console.log(`type check: tsc --noEmit -p ${config}`);
  const tsc = sh(npx, ['tsc', '--noEmit', '-p', config]);
  if (tsc.status === 0) passed++;
  else failed++;
}

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'docgen-test-'));
const report = path.join(reportDir, 'vitest.json');
const extra = process.argv.slice(2);
sh(npx, ['vitest', 'run', '--config', 'test/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  // A test file that fails outside its tests (it does not load, or a beforeAll/afterAll hook
  // throws, leaving its tests skipped) has no failed test of its own: count it as one failure.
  const brokenFiles = json.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length;
  failed += json.numFailedTests + brokenFiles;
  if (json.numTotalTests === 0) failed++;
} else {
  failed++;
}
rmSync(reportDir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
