/*
 * The OpenAPI description: loaded with positions and validated (load.ts, imported on demand:
 * a site without a description never loads the validator), its operations built
 * (operations.ts), handed to the docs that name them (usage.ts), its examples and the pages'
 * checked against its schemas (check.ts, imported on demand too: Ajv loads only for a description).
 */
import type { ExampleCheck } from './check.ts';
import type { ApiDescription } from './model.ts';
import type { Doc } from '../model.ts';

export type { ApiBody, ApiDescription, ApiExample, ApiOperation, ApiParameter, ApiResponse, JsonSchema, PageExample, SourcePlace } from './model.ts';
export { OpenApiError, OperationUseError } from './errors.ts';
export { namedOperations, operationsByDoc } from './usage.ts';

/** The example check (see check.ts), for a site with a description; nothing to check without one. */
export async function checkExamples(docs: readonly Doc[], api: ApiDescription | undefined, apiBaseUrl: string, cache?: string): Promise<ExampleCheck> {
  if (!api) return { diagnostics: [], pages: 0, description: 0 };
  return (await import('./check.ts')).checkExamples(docs, api, apiBaseUrl, cache);
}
