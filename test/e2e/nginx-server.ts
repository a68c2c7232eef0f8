import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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
 * them. A build for a base path leaves its folder to the reader as an `alias`: it is put there,
 * and the server's own root is an empty folder (nothing outside the base is the site's).
 */
function nginxConf(prefix: string, out: string, port: number, base: string): string {
  const include = path.join(out, 'redirects.nginx.conf');
  const header = readFileSync(include, 'utf8').split('\n').filter((l) => l.startsWith('#   '));
  if (base !== '/' && !header.some((l) => l.includes('/path/to/build/'))) throw new Error(`the map's header names no alias for the build:\n${header.join('\n')}`);
  const serverLines = header.map((l) => `    ${l.slice(4).replace('/path/to/build/', `${out}/`)}`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(prefix, t)};`);
  const root = base === '/' ? out : path.join(prefix, 'empty');
  mkdirSync(root, { recursive: true });
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
    `    root ${root};`,
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

/** nginx serving a build (made for `base`) as the generated map's header says, once it answers there. */
export async function startNginx(binary: string, out: string, base = '/'): Promise<Nginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'docgen-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConf(prefix, out, port, base));
  const test = spawnSync(binary, ['-t', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused the configuration:\n${test.stderr}`);
  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', conf], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; (await fetch(`${origin}${base}`).then((r) => r.status, () => 0)) !== 200; tries++) {
    if (tries === 100) throw new Error(`nginx did not answer on ${origin}${base}: ${readFileSync(path.join(prefix, 'error.log'), 'utf8')}`);
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

/**
 * A GET on a connection of its own, redirects not followed. nginx may close a kept-alive
 * connection just as a client reuses it: a browser sends the request again, fetch fails, and
 * under load a retry can meet the next stale connection of its pool too.
 */
export function getAlone(url: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers = new Headers();
          for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
          resolve(new Response(res.statusCode === 204 || res.statusCode === 304 ? null : Buffer.concat(chunks), { status: res.statusCode, headers }));
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
