/**
 * A build that nothing could change is not run again. After each successful build its stamp
 * records what the build read (every file of the project but its dependencies, git's store and
 * the output; the commit checked out; the environment; docgen's own code and Node), what it
 * wrote (every file of the output folder) and what it reported. The next `docgen build` with
 * the same options compares the stamp with the disk: if every input and every output file is as
 * the stamp has it, the output is what a build would write again, and the build reports the
 * stamp's result instead of running.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildResult } from '../build.ts';
import { buildStampFile } from '../cache-paths.ts';
import { generatorIdentity } from '../modules.ts';
import { BUNDLED } from '../root.ts';
import { gitState } from './git.ts';
import { changedWithinTick, hashFile, walkInputs, walkOutput, writtenTree, type Tree } from './walk.ts';

/** What a build reported, replayed when it is up to date. */
export type StoredResult = Pick<BuildResult, 'pages' | 'redirects' | 'diagnostics' | 'search' | 'openapi'>;

interface Stamp {
  format: typeof FORMAT;
  key: string;
  git: string;
  inputs: [string, string][];
  /** Files changed within a tick of the file clock before the build began, by their bytes: a change in the same tick may not show in their times. */
  hashes: [string, string][];
  outDir: string;
  outputs: [string, string][];
  result: StoredResult;
}

const FORMAT = 1;

/**
 * Environment variables that say nothing of the output: a shell's bookkeeping, and docgen's
 * own that change how it works (threads) or is measured (the benchmark's memory probe).
 */
const IGNORED_ENV = new Set(['_', 'OLDPWD', 'SHLVL', 'DOCGEN_WORKERS', 'DOCGEN_RSS_FILE']);

export interface StampOptions {
  root: string;
  outDir: string;
  strict: boolean;
  /** Files the build writes inside the project besides its output (`--report`). */
  written: string[];
}

function keyOf(options: StampOptions): string {
  const env = Object.entries(process.env)
    .filter(([k]) => !IGNORED_ENV.has(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const parts = [FORMAT, generatorIdentity(), process.version, process.platform, process.arch, options.root, options.outDir, options.strict, env];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const folderState = (dir: string) => {
  const s = statSync(dir);
  return `${s.ino}:${s.dev}`;
};

function sameEntries(tree: Tree, recorded: [string, string][]): boolean {
  if (tree.links > 0 || tree.entries.size !== recorded.length) return false;
  return recorded.every(([rel, state]) => tree.entries.get(rel) === state);
}

function readStamp(file: string): Stamp | undefined {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8')) as Stamp;
    return stamp.format === FORMAT ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** One build's stamp: compared before it runs, written when it has succeeded. */
export class BuildStamp {
  private readonly file: string;
  private readonly key: string;
  private readonly git: string;
  private readonly inputs: Tree;
  private readonly hashes = new Map<string, string>();
  /** The files changed within a tick of the build's start (`beforeBuild`): the stamp keeps their hashes. */
  private recent: string[] = [];

  constructor(private readonly options: StampOptions) {
    this.file = buildStampFile(options.root, options.outDir);
    this.key = keyOf(options);
    this.git = gitState(options.root);
    this.inputs = walkInputs(options.root, options.outDir, options.written);
  }

  private hash(rel: string): string | undefined {
    let h = this.hashes.get(rel);
    if (h === undefined) {
      try {
        h = hashFile(path.join(this.options.root, rel));
      } catch {
        return undefined;
      }
      this.hashes.set(rel, h);
    }
    return h;
  }

  /** The last build's result if nothing it read or wrote has changed since; else undefined. */
  upToDate(): StoredResult | undefined {
    const stamp = readStamp(this.file);
    if (!stamp || stamp.key !== this.key || stamp.git !== this.git || !sameEntries(this.inputs, stamp.inputs)) return undefined;
    if (!stamp.hashes.every(([rel, h]) => this.hash(rel) === h)) return undefined;
    try {
      if (folderState(this.options.outDir) !== stamp.outDir || !sameEntries(walkOutput(this.options.outDir), stamp.outputs)) return undefined;
    } catch {
      return undefined;
    }
    return stamp.result;
  }

  /**
   * Hash the files changed just before now, before the build reads them: a change the build
   * may have missed then shows in their bytes. Called when the build is to run.
   */
  beforeBuild(): void {
    this.recent = changedWithinTick(this.inputs, Date.now());
    for (const rel of this.recent) this.hash(rel);
  }

  /**
   * After a successful build: the stamp for the next one. None when a symbolic link to a folder
   * or a previous sitemap from elsewhere (`--previous`, the config's) brought in what it does
   * not watch; the last stamp is then removed, as it no longer describes the output.
   */
  record(result: BuildResult): void {
    try {
      if (result.previousGiven || this.inputs.links > 0 || !result.files) return rmSync(this.file, { force: true });
      const outputs = writtenTree(result.files);
      const stamp: Stamp = {
        format: FORMAT,
        key: this.key,
        git: this.git,
        inputs: [...this.inputs.entries],
        hashes: this.recent.flatMap((rel) => (this.hashes.has(rel) ? [[rel, this.hashes.get(rel)!] as [string, string]] : [])),
        outDir: folderState(this.options.outDir),
        outputs: [...outputs.entries],
        // The moved pages were found against the build before: against this one, there are none.
        result: { pages: result.pages, redirects: result.redirects, diagnostics: result.diagnostics.filter((d) => d.kind !== 'moved page'), search: result.search, openapi: result.openapi },
      };
      mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(stamp));
      renameSync(tmp, this.file);
    } catch {
      // A full disk, the output removed meanwhile: the next build runs.
    }
  }
}

/**
 * The stamp for a build with these options, or none when docgen runs from its sources (no fixed
 * identity) or the project cannot be walked (a folder it may not read): the build then runs.
 */
export function openStamp(options: StampOptions): BuildStamp | undefined {
  if (!BUNDLED) return undefined;
  try {
    return new BuildStamp(options);
  } catch {
    return undefined;
  }
}
