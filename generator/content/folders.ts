import type { Doc } from '../model.ts';

/** `api/tokens/index` → `api/tokens`; a top-level id → ''. */
export function parentOf(id: string): string {
  return id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : '';
}

export interface Folders {
  /** Docs directly in each folder ('' is content/docs itself). */
  docsIn: Map<string, Doc[]>;
  /** Sub-folders of each folder, every ancestor of a doc included. */
  dirsIn: Map<string, string[]>;
}

/** Folder → docs and folder → sub-folders, computed once instead of per folder visited. */
export function indexFolders(docs: Doc[]): Folders {
  const docsIn = new Map<string, Doc[]>();
  const dirs = new Set<string>();
  for (const doc of docs) {
    const dir = parentOf(doc.id);
    const list = docsIn.get(dir);
    if (list) list.push(doc);
    else docsIn.set(dir, [doc]);
    for (let d = dir; d; d = parentOf(d)) dirs.add(d);
  }
  const dirsIn = new Map<string, string[]>();
  for (const d of [...dirs].sort()) {
    const list = dirsIn.get(parentOf(d));
    if (list) list.push(d);
    else dirsIn.set(parentOf(d), [d]);
  }
  return { docsIn, dirsIn };
}
