import type { RouteChunk } from '../types.ts';
import { chunkPathFor } from '../../common/chunks.ts';

/** Each route's chunk is fetched at most once per session (unless refreshed). */
const loaded = new Map<string, Promise<RouteChunk>>();
const prefetched = new Set<string>();
let base = '/';

export function setBase(baseUrl: string): void {
  base = baseUrl;
}

export function chunkUrl(route: string): string {
  return `${base}${chunkPathFor(route)}`;
}

/** On 2g or with data saver on, nothing is fetched ahead of a click. */
export function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
  return !!connection && (connection.saveData === true || (connection.effectiveType ?? '').includes('2g'));
}

export function loadChunk(route: string, fresh = false): Promise<RouteChunk> {
  const cached = loaded.get(route);
  if (cached && !fresh) return cached;
  const promise = fetch(chunkUrl(route), fresh ? { cache: 'no-store' } : {}).then(async (res) => {
    if (!res.ok) throw new Error(`loading ${route} failed: HTTP ${res.status}`);
    return (await res.json()) as RouteChunk;
  });
  loaded.set(route, promise);
  promise.catch(() => loaded.delete(route));
  return promise;
}

/** Hover or touch: download the chunk now, so the click renders at once. */
export function preload(route: string): void {
  if (loaded.has(route) || slowConnection()) return;
  loadChunk(route).catch(() => {});
}

/** In view: hint the browser to fetch the chunk when idle, at low priority. */
export function prefetch(route: string): void {
  if (prefetched.has(route) || loaded.has(route) || slowConnection()) return;
  prefetched.add(route);
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = chunkUrl(route);
  document.head.append(link);
}
