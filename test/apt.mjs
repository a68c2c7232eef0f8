// Installs a Debian package the tests need (Chromium, nginx, Java, Hugo) when its binary is missing.
// Used by test/run.mjs and by tests run on their own. Services the package would start on
// install are held back (policy-rc.d), so installing nginx never leaves a server running.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

const POLICY = '/usr/sbin/policy-rc.d';

/** Debian's nginx, for the test of the generated nginx map (NGINX_PATH points elsewhere). */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Debian's Hugo, for the bench's side-by-side and its test (HUGO_PATH points elsewhere). */
export const HUGO = process.env.HUGO_PATH ?? '/usr/bin/hugo';

/** Debian's Java runtime, for the Nu HTML Checker (JAVA_PATH points elsewhere). */
export const JAVA = process.env.JAVA_PATH ?? '/usr/bin/java';

/**
 * Make sure `binary` exists, installing Debian's `pkg` with apt-get when we are root.
 * Returns null when it is there, else why not (with the command to run).
 */
export function ensureDebianPackage(pkg, binary) {
  if (existsSync(binary)) return null;
  const command = `apt-get update && apt-get install -y ${pkg}`;
  if (process.getuid?.() !== 0) return `${binary} is missing and this is not root; run: sudo ${command}`;
  const ownPolicy = !existsSync(POLICY);
  if (ownPolicy) writeFileSync(POLICY, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    console.log(`${binary} is missing: installing Debian's ${pkg} (${command})`);
    const res = spawnSync('sh', ['-c', `${command} >/dev/null`], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return existsSync(binary) ? null : `could not install ${pkg} (apt-get exit ${res.status}); run as root: ${command}`;
  } finally {
    if (ownPolicy) rmSync(POLICY, { force: true });
  }
}
