/**
 * `search-files.json`, the fixed-name file naming the build's search files: fetched by the box
 * itself (in the main bundle), so that it travels while the engine chunk loads.
 */
import type { SearchPointer } from './query.ts';

export async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`search: ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

export function fetchPointer(base: string, pointerFile = 'search-files.json'): Promise<SearchPointer> {
  return fetchJson<SearchPointer>(`${base}${pointerFile}`);
}
