import type { BadgeConfig } from '../config/schema.ts';
import type { MarkdownOutput } from '../model.ts';
import type { ApiOperation } from '../openapi/model.ts';
import type { CodeBlock } from './highlight.ts';
import type { PartsDeclaration } from '../../common/components.ts';

/*
 * What crosses between the threads of the Markdown stage, apart from the toolchain: the main
 * thread uses it without loading unified.
 */

/** Placeholder scheme for links resolved after caching (they depend on other files). */
export const MD_LINK = 'docgen-md:';
export const ASSET_LINK = 'docgen-asset:';

/** What one doc needs to render: plain data, so it can cross to a worker thread. */
export interface RenderJob {
  docId: string;
  source: string;
  body: string;
  bodyLine: number;
  apiBaseUrl: string;
  /** The config's badges, for `:badge[…]`; none when absent. */
  badges?: BadgeConfig[];
  /** The operations the doc's `::operation` directives name, by id; absent when it names none. */
  operations?: Record<string, ApiOperation>;
  /** The site's components (generator/components/), when the doc has a directive; absent otherwise. */
  components?: JobComponents;
}

/** The components a job may use: their names (for did-you-mean), and when the doc uses one, their hash and compiled module. */
export interface JobComponents {
  names: string[];
  /** The registry's hash, when the body names a component: part of the cache key. */
  hash?: string;
  /** The compiled module's path, set just before rendering: not part of the cache key (the hash is). */
  module?: string;
  /** What the walk needs to know of each component, read from the module on the main thread (set with `module`). */
  meta?: Record<string, ComponentMeta>;
}

/** What a component module declares besides its code (see common/components.ts). */
export interface ComponentMeta {
  interactive?: boolean;
  parts?: PartsDeclaration;
  links?: string[];
}

/** What a job's operations are for its cache key and the dev memo: their hashes, in order. */
export function operationHashes(operations: Record<string, ApiOperation> | undefined): string {
  return operations ? Object.values(operations).map((op) => `${op.id}:${op.hash}`).join(',') : '';
}

/** What besides its Doc a job's output follows, for the dev memo: its operations and components. */
export function jobInputs(operations: Record<string, ApiOperation> | undefined, components: JobComponents | undefined): string {
  return `${operationHashes(operations)}|${components ? `${components.names.join(',')}:${components.hash ?? ''}` : ''}`;
}

/** A doc rendered up to its code blocks, which wait in the HTML as placeholders. */
export interface Draft extends MarkdownOutput {
  codeBlocks: CodeBlock[];
}

/** Put the highlighted blocks in place of their placeholders. */
export function spliceCode(draft: Draft, highlighted: string[]): MarkdownOutput {
  const { codeBlocks: _blocks, ...output } = draft;
  return { ...output, html: draft.html.replace(/<!--docgen-code:(\d+)-->/g, (_m, i: string) => highlighted[Number(i)]) };
}
