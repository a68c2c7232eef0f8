import { existsSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { sidebar } from '../config/shape.ts';
import { ConfigError } from '../errors.ts';
import type { Doc, SidebarNode, Sidebars, SiteConfig } from '../model.ts';
import { readVersionSidebars, versionDocsDir, versionSidebarsFile } from '../versions/files.ts';
import { walk } from './listing.ts';
import { attempt, readDocsFile, type ContentFiles, type ContentShape, type OlderVersionFiles, type OnReadError } from './read.ts';

const sidebarsSchema = z.record(z.string(), sidebar);

function versionSidebars(root: string, name: string): SiteConfig['sidebars'] {
  const parsed = sidebarsSchema.safeParse(readVersionSidebars(root, name));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${issue.path.join('.')}: ${issue.message}`, { file: path.relative(root, versionSidebarsFile(root, name)) }, 'the file holds the config\'s `sidebars` as they were when the version was made');
  }
  return parsed.data;
}

/** Read every older version's docs, each with its own route base, and its sidebars. */
export async function readOlderVersions(root: string, shape: ContentShape, onError?: OnReadError): Promise<OlderVersionFiles[]> {
  const out: OlderVersionFiles[] = [];
  for (const { name, path: routeBase } of shape.older ?? []) {
    const docsDir = versionDocsDir(root, name);
    const links = new Set<string>();
    const files: ContentFiles = { docsDir, shape: { routeBase, badges: shape.badges }, docFiles: existsSync(docsDir) ? walk(docsDir, [], links) : [], docs: new Map(), categories: new Map(), assets: new Map(), pages: [], staticFiles: [] };
    for (const file of files.docFiles) await attempt(file, onError, () => readDocsFile(root, file, files, links.has(file)));
    out.push({ name, files, sidebars: versionSidebars(root, name) });
  }
  return out;
}

/** The prefix that keeps an older version's doc and sidebar ids apart from the latest's: `version-1.2.0/`. */
export const versionPrefix = (name: string) => `version-${name}/`;

/** The config an older version's docs are assembled with: its route base and its own sidebars. */
export function olderVersionConfig(config: SiteConfig, older: OlderVersionFiles): SiteConfig {
  const routeBase = older.files.shape.routeBase;
  return { ...config, docs: { ...config.docs, routeBase }, sidebars: older.sidebars };
}

/**
 * An older version's doc under its prefixed id, marked with its version: the same object for the
 * same doc as read, so what later stages keep per Doc (dev's render memo, source hashes) holds
 * across runs as it does for the latest's docs.
 */
export function versionedDoc(doc: Doc, name: string): Doc {
  let made = versioned.get(doc);
  if (made?.version !== name) versioned.set(doc, (made = { ...doc, id: `${versionPrefix(name)}${doc.id}`, version: name }));
  return made;
}

// Not run data: derived from a Doc object alone, held only while that object lives (weakly).
const versioned = new WeakMap<Doc, Doc>();

function prefixNodes(nodes: SidebarNode[], prefix: string): SidebarNode[] {
  return nodes.map((n) => {
    if (n.type === 'doc') return { ...n, id: `${prefix}${n.id}` };
    if (n.type === 'category') return { ...n, ...(n.docId ? { docId: `${prefix}${n.docId}` } : {}), items: prefixNodes(n.items, prefix) };
    return n;
  });
}

/** An older version's sidebars and displayed sidebars under prefixed ids. */
export function prefixSidebars(sidebars: Sidebars, displayed: Record<string, string | null>, name: string) {
  const prefix = versionPrefix(name);
  return {
    sidebars: Object.fromEntries(Object.entries(sidebars).map(([id, nodes]) => [`${prefix}${id}`, prefixNodes(nodes, prefix)])),
    displayed: Object.fromEntries(Object.entries(displayed).map(([id, s]) => [`${prefix}${id}`, s === null ? null : `${prefix}${s}`])),
  };
}

/** The doc read from `file`, in the latest docs or an older version, as the content stage names it. */
export function docReadFrom(files: ContentFiles, file: string): Doc | undefined {
  const latest = files.docs.get(file);
  if (latest) return latest;
  for (const older of files.older ?? []) {
    const doc = older.files.docs.get(file);
    if (doc) return versionedDoc(doc, older.name);
  }
  return undefined;
}
