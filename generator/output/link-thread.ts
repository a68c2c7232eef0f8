import { mkdirSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { linkUnchanged } from './unchanged.ts';

/**
 * The linker's thread (see linker.ts): folders made and files linked in the order asked, each
 * request answered with what could not be done, which the main thread then does itself (and
 * reports, if it fails there too).
 */
export type LinkWork =
  /** Folders whose parents exist or come earlier in the list. */
  | { dirs: string[] }
  /** `[from, to, written]`: link `to` to `from` if `from` is still as it was written (unchanged.ts). */
  | { links: [string, string, string][] };

export type LinkRequest = LinkWork & { id: number };

/** The folders not made, or for each link whether it was made. */
export type LinkReply = { id: number; failed: string[] } | { id: number; linked: boolean[] };

function makeDirs(dirs: string[]): string[] {
  const failed: string[] = [];
  for (const dir of dirs) {
    try {
      mkdirSync(dir);
    } catch {
      failed.push(dir);
    }
  }
  return failed;
}

parentPort?.on('message', (req: LinkRequest) => {
  const reply: LinkReply = 'dirs' in req ? { id: req.id, failed: makeDirs(req.dirs) } : { id: req.id, linked: req.links.map(([from, to, written]) => linkUnchanged(from, to, written)) };
  parentPort?.postMessage(reply);
});
