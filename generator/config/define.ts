import type { SiteConfigInput } from './schema.ts';

/**
 * Typed helper for site.config.ts: returns its argument unchanged. Apart from the schema so
 * that importing it does not load zod into the site's config module (loadConfig validates).
 */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
