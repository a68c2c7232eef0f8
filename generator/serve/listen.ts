import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DocgenError } from '../errors.ts';

/** Listen on host:port (0: a free port); a port in use or refused is one clear error. */
export function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const fail = (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') reject(new DocgenError(`port ${port} is in use`, undefined, 'pass --port 0 to pick a free port, or stop the other server'));
      else if (err.code === 'EACCES') reject(new DocgenError(`not allowed to listen on port ${port}`, undefined, 'ports below 1024 need privileges; pick a port above 1024'));
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') reject(new DocgenError(`cannot listen on host ${host}`, undefined, 'pass an address of this machine, e.g. --host 127.0.0.1'));
      else reject(err);
    };
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** The URL to print: IPv6 addresses in brackets, the unspecified address as localhost. */
export function urlFor(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}/`;
}
