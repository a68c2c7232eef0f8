/** What site code imports as `docgen`: config helpers and types. */
export { defineConfig } from './config/define.ts';
export type { SiteConfig, SiteConfigInput } from './config/schema.ts';
/** Components (content/components/): zod for their `schema`, and the props every one receives. */
export { z } from 'zod';
import type { ReactNode } from 'react';
import type { ComponentPart as Part, ComponentProps as Props } from '../common/components.ts';
export type { PartsDeclaration } from '../common/components.ts';
export type ComponentPart = Part<ReactNode>;
export type ComponentProps = Props<ReactNode>;
