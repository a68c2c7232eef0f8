/** What site code imports as `docgen`: config helpers and types. */
export { defineConfig } from './config/define.ts';
export type { SiteConfig, SiteConfigInput } from './config/schema.ts';
/** Components (content/components/): zod for their `schema`, and the props every one receives. */
export { z } from 'zod';
export type { ComponentPart, ComponentProps, PartsDeclaration } from '../common/components.ts';
