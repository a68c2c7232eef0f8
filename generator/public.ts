/** What site code imports as `docgen`: config helpers and types. */
export { defineConfig } from './config/define.ts';
export type { SiteConfig, SiteConfigInput } from './config/schema.ts';
