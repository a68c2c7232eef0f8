import { spawn } from 'node:child_process';

/** Open a URL in the system's browser; a machine without one gets a line saying so. */
export function openBrowser(url: string, log: (line: string) => void): void {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
  child.on('error', () => log(`could not start a browser (${cmd}); open ${url} yourself`));
  child.unref();
}
