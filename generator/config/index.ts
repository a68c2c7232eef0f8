import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../errors.ts';
import { importSiteModule } from '../modules.ts';
import { describeIssue, locateIssue } from './issues.ts';
import { configSchema, type SiteConfig } from './schema.ts';
import { withVersions } from '../versions/config.ts';

export { defineConfig } from './define.ts';
export type { SiteConfig } from './schema.ts';

export const CONFIG_FILE = 'site.config.ts';

export interface LoadedConfig {
  config: SiteConfig;
  /** Hash of the validated config: part of every cache key. */
  hash: string;
  /** The config file's text, for the line numbers of findings about it (absent for a config given as an object). */
  source?: string;
}

export { formatPath } from './issues.ts';

/**
 * Validate a raw config object; throws ConfigError naming the first bad key path, at its line
 * in `source` (the config file's text) when the key is written there.
 */
export function parseConfig(raw: unknown, file = CONFIG_FILE, source?: string): LoadedConfig {
  const result = configSchema.safeParse(raw, { reportInput: true });
  if (!result.success) {
    // An unknown key first: a misspelt key also makes the one meant "required", and the typo is the cause.
    const issues = [...result.error.issues].sort((a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'));
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    const describe = (issue: (typeof issues)[number]) => describeIssue(configSchema, issue);
    throw new ConfigError(
      `${describe(issues[0])}${more}`,
      { file, ...(source === undefined ? {} : locateIssue(source, issues[0])) },
      issues.length > 1 ? issues.slice(1, 4).map(describe).join('; ') : 'fix the value and build again',
    );
  }
  return { config: result.data, hash: hashConfig(result.data) };
}

function hashConfig(config: SiteConfig): string {
  return createHash('sha256').update(JSON.stringify(config)).digest('hex').slice(0, 16);
}

/** Read `site.config.ts` from the site root, compile it (or reuse its compiled form from `cacheDir`), validate it. */
export async function loadConfig(root: string, cacheDir?: string): Promise<LoadedConfig> {
  const file = path.join(root, CONFIG_FILE);
  if (!existsSync(file)) {
    throw new ConfigError(`no ${CONFIG_FILE} found in ${root}`, { file: CONFIG_FILE }, 'run docgen from the site root, or create site.config.ts exporting defineConfig({...})');
  }
  let mod: Record<string, unknown>;
  try {
    mod = await importSiteModule(root, file, cacheDir);
  } catch (err) {
    const e = err as ConfigError;
    throw new ConfigError(e.message, e.location ?? { file: CONFIG_FILE }, e.hint, { cause: err });
  }
  if (mod.default === undefined) {
    throw new ConfigError('has no default export', { file: CONFIG_FILE }, 'end the file with: export default defineConfig({ ... })');
  }
  let value: unknown;
  try {
    // A config may be computed asynchronously (a promise as the default export).
    value = await mod.default;
  } catch (err) {
    throw new ConfigError(`default export rejected: ${err instanceof Error ? err.message : String(err)}`, { file: CONFIG_FILE }, 'the promise the config exports must resolve to the site configuration', { cause: err });
  }
  const source = readFileSync(file, 'utf8');
  const parsed = parseConfig(value, CONFIG_FILE, source);
  const config = withVersions(parsed.config, root);
  // Older versions change what is built from the same config file, so they are part of its hash.
  const hash = config === parsed.config ? parsed.hash : hashConfig(config);
  return { config, hash, source };
}
