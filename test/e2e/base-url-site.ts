import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { docgen, REPO } from '../helpers.ts';

/** The path the real site is built for and served under in the base-URL tests. */
export const BASE = '/developers/';

/**
 * A copy of the real site (content, redirects, config) whose config says `baseUrl: BASE`:
 * the project itself is never edited.
 */
export function developersProject(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docgen-base-url-'));
  cpSync(path.join(REPO, 'content'), path.join(dir, 'content'), { recursive: true });
  cpSync(path.join(REPO, 'redirects.json'), path.join(dir, 'redirects.json'));
  const config = readFileSync(path.join(REPO, 'site.config.ts'), 'utf8');
  const changed = config.replace(/^(\s*baseUrl:\s*)'\/',$/m, `$1'${BASE}',`);
  if (changed === config) throw new Error("site.config.ts has no `baseUrl: '/',` line to change");
  writeFileSync(path.join(dir, 'site.config.ts'), changed);
  return dir;
}

/** Build the copy into `<project>/build`, failing loudly. */
export async function buildProject(project: string): Promise<string> {
  const out = path.join(project, 'build');
  const built = await docgen(project, ['build', '--out', out]);
  if (built.code !== 0) throw new Error(`the site under ${BASE} failed to build:\n${built.stderr}`);
  return out;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A whole nginx.conf: the generated include, and the server lines exactly as its header gives
 * them, the build folder put in the `alias` it leaves to the reader. The server's own root is
 * an empty folder: nothing outside the base is the site's.
 */
function nginxConf(prefix: string, out: string, port: number): string {
  const include = path.join(out, 'redirects.nginx.conf');
  const header = readFileSync(include, 'utf8').split('\n').filter((l) => l.startsWith('#   '));
  if (!header.some((l) => l.includes('/path/to/build/'))) throw new Error(`the map's header names no alias for the build:\n${header.join('\n')}`);
  const serverLines = header.map((l) => `    ${l.slice(4).replace('/path/to/build/', `${out}/`)}`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(prefix, t)};`);
  mkdirSync(path.join(prefix, 'empty'));
  return [
    'daemon off;',
    'master_process off;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'error.log')} warn;`,
    'events { worker_connections 64; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  access_log off;',
    ...temp,
    `  include ${include};`,
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    root ${path.join(prefix, 'empty')};`,
    ...serverLines,
    '  }',
    '}',
    '',
  ].join('\n');
}

export interface Nginx {
  /** `http://127.0.0.1:<port>`, without the base. */
  origin: string;
  stop: () => void;
}

/** nginx serving a build under BASE as the generated map's header says, once it answers there. */
export async function startNginx(binary: string, out: string): Promise<Nginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'docgen-base-url-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConf(prefix, out, port));
  const test = spawnSync(binary, ['-t', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused the configuration:\n${test.stderr}`);
  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', conf], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; (await fetch(`${origin}${BASE}`).then((r) => r.status, () => 0)) !== 200; tries++) {
    if (tries === 100) throw new Error(`nginx did not answer on ${origin}${BASE}: ${readFileSync(path.join(prefix, 'error.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    stop: () => {
      child.kill();
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
