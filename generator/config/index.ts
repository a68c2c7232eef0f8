import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { ConfigError } from '../errors.ts';
import { importSiteModule } from '../modules.ts';
import { configSchema, type SiteConfig } from './schema.ts';

export { defineConfig } from './define.ts';
export type { SiteConfig } from './schema.ts';

export const CONFIG_FILE = 'site.config.ts';

export interface LoadedConfig {
  config: SiteConfig;
  /** Hash of the validated config: part of every cache key. */
  hash: string;
}

/** `navbar.items[3].type` from zod's path array. */
export function formatPath(p: readonly PropertyKey[]): string {
  return p.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`)).join('');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = formatPath(issue.path) || '(root)';
  return `${where}: ${issue.message}`;
}

/** Validate a raw config object; throws ConfigError naming the first bad key path. */
export function parseConfig(raw: unknown, file = CONFIG_FILE): LoadedConfig {
  const result = configSchema.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    throw new ConfigError(
      `${describeIssue(issues[0])}${more}`,
      { file },
      issues.length > 1 ? issues.slice(1, 4).map(describeIssue).join('; ') : 'fix the value and build again',
    );
  }
  const hash = createHash('sha256').update(JSON.stringify(result.data)).digest('hex').slice(0, 16);
  return { config: result.data, hash };
}

/** Read `site.config.ts` from the site root, compile it, validate it. */
export async function loadConfig(root: string): Promise<LoadedConfig> {
  const file = path.join(root, CONFIG_FILE);
  if (!existsSync(file)) {
    throw new ConfigError(`no ${CONFIG_FILE} found in ${root}`, { file: CONFIG_FILE }, 'run docgen from the site root, or create site.config.ts exporting defineConfig({...})');
  }
  let mod: Record<string, unknown>;
  try {
    mod = await importSiteModule(root, file);
  } catch (err) {
    const e = err as ConfigError;
    throw new ConfigError(e.message, e.location ?? { file: CONFIG_FILE }, e.hint, { cause: err });
  }
  if (mod.default === undefined) {
    throw new ConfigError('has no default export', { file: CONFIG_FILE }, 'end the file with: export default defineConfig({ ... })');
  }
  return parseConfig(mod.default);
}
