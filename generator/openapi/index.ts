/*
 * The OpenAPI description: loaded with positions and validated (load.ts, imported on demand:
 * a site without a description never loads the validator), its operations built
 * (operations.ts), handed to the docs that name them (usage.ts).
 */
export type { ApiBody, ApiDescription, ApiExample, ApiOperation, ApiParameter, ApiResponse, JsonSchema, PageExample, SourcePlace } from './model.ts';
export { OpenApiError, OperationUseError } from './errors.ts';
export { namedOperations, operationsByDoc } from './usage.ts';
