/** What site code imports as `docgen`: config helpers and types. */
export { defineConfig, type SiteConfig, type SiteConfigInput } from './config/schema.ts';
