import { createHash } from 'node:crypto';
import type { OutputFile } from '../model.ts';
import type { ApiDescription } from './model.ts';

/**
 * The description for programs, at the site root: `/openapi.yaml` as written and
 * `/openapi.json`, the same document (references kept). Keyed by their text, so an unchanged
 * description is linked from the previous build.
 */
export function descriptionFiles(api: ApiDescription | undefined): OutputFile[] {
  if (!api) return [];
  const key = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);
  return [
    { path: 'openapi.yaml', contents: api.yaml, key: key(api.yaml) },
    { path: 'openapi.json', contents: api.json, key: key(api.json) },
  ];
}
