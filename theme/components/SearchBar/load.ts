import type { Engine } from './engine.ts';
import { fetchPointer } from './pointer.ts';

/** By pointer file: each docs version has its own search files (common/search/versions.ts). */
const engines = new Map<string, Promise<Engine>>();

/**
 * The engine chunk, the pointer file and the index, loaded once per page (not per mount) for
 * each docs version searched. The pointer file is fetched while the chunk loads, so the chunk is
 * never what the box waits for.
 */
export function loadSearch(base: string, pointerFile: string): Promise<Engine> {
  let engine = engines.get(pointerFile);
  if (!engine) {
    const pointer = fetchPointer(base, pointerFile);
    pointer.catch(() => {});
    engine = import('./engine.ts').then((m) => m.loadEngine(base, pointer));
    engine.catch(() => engines.delete(pointerFile));
    engines.set(pointerFile, engine);
  }
  return engine;
}

/** Whether an earlier mount has started loading (or loaded) the engine. */
export function searchStarted(pointerFile: string): boolean {
  return engines.has(pointerFile);
}
