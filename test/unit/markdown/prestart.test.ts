import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stop } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { markdownCacheDir } from '../../../generator/cache-paths.ts';
import { startEarly } from '../../../generator/markdown/prestart.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-prestart-'));
afterAll(async () => {
  await stopped();
  rmSync(root, { recursive: true, force: true });
});

/** This process's esbuild children (spawned synchronously: there as soon as the call returns). */
function esbuildChildren(): string[] {
  const children = readFileSync(`/proc/self/task/${process.pid}/children`, 'utf8').split(' ').filter(Boolean);
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'esbuild';
    } catch {
      return false;
    }
  });
}

/** esbuild's service stopped, and its process gone (collected while the event loop runs). */
async function stopped(): Promise<void> {
  await stop();
  for (let i = 0; i < 200 && esbuildChildren().length; i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('what a build starts before it reads the site', () => {
  it.runIf(process.platform === 'linux')("starts esbuild's service when the build will be cold (no Markdown cached, or --no-cache), and nothing when it will be warm", async () => {
    mkdirSync(path.join(root, 'content', 'docs'), { recursive: true });
    writeFileSync(path.join(root, 'content', 'docs', 'intro.md'), '# Intro\n');
    await stopped();
    expect(esbuildChildren()).toEqual([]);

    const cache = markdownCacheDir(root);
    mkdirSync(cache, { recursive: true });
    writeFileSync(path.join(cache, 'entry.md.cache'), '');
    expect(startEarly(root, true)).toBeUndefined();
    expect(esbuildChildren()).toEqual([]);

    // One doc is too few for workers: only the service starts.
    expect(startEarly(root, false)).toBeUndefined();
    expect(esbuildChildren()).toHaveLength(1);
    await stopped();

    rmSync(cache, { recursive: true });
    expect(startEarly(root, true)).toBeUndefined();
    expect(esbuildChildren()).toHaveLength(1);
  });
});
