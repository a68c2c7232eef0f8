import { DocgenError } from '../errors.ts';

/** A description that cannot be used: invalid YAML or OpenAPI, a `$ref` to nothing, a duplicate `operationId`. */
export class OpenApiError extends DocgenError {
  override name = 'OpenApiError';
}

/** A page that uses the description wrongly: an unknown operation, one operation on two pages. */
export class OperationUseError extends DocgenError {
  override name = 'OperationUseError';
}
