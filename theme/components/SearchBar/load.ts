import type { Engine } from './engine.ts';
import { fetchPointer } from './pointer.ts';

let engine: Promise<Engine> | undefined;

/**
 * The engine chunk, the pointer file and the index, loaded once per page (not per mount). The
 * pointer file is fetched while the chunk loads, so the chunk is never what the box waits for.
 */
export function loadSearch(base: string): Promise<Engine> {
  if (!engine) {
    const pointer = fetchPointer(base);
    pointer.catch(() => {});
    engine = import('./engine.ts').then((m) => m.loadEngine(base, pointer));
    engine.catch(() => {
      engine = undefined;
    });
  }
  return engine;
}

/** Whether an earlier mount has started loading (or loaded) the engine. */
export function searchStarted(): boolean {
  return engine !== undefined;
}
