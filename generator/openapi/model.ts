/**
 * The types that flow from the OpenAPI description (`openapi/<name>.yaml`) into the Markdown
 * stage (`::operation{id="…"}`), the example check and the published files. Everything here is
 * plain data that survives `structuredClone` (it crosses into the Markdown workers).
 */

/** A JSON Schema 2020-12 object from the description, with every `$ref` resolved in place. */
export type JsonSchema = { [keyword: string]: unknown };

/** A position in the description's YAML file (1-based). */
export interface SourcePlace {
  line: number;
  column: number;
}

/**
 * Where something is written in the description: its keys and indexes from the top
 * (`["paths", "/tokens", "post"]`); its line is found only when a finding is reported there.
 */
export type YamlPath = (string | number)[];

/** A named example: from `example`, or one entry of `examples` (its key is the name). */
export interface ApiExample {
  name?: string;
  summary?: string;
  value: unknown;
  at: YamlPath;
}

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  deprecated?: boolean;
  schema: JsonSchema;
  /** Where the schema is written in the description, as a JSON pointer (see `ApiBody`). */
  schemaAt?: string;
  examples: ApiExample[];
}

export interface ApiBody {
  required: boolean;
  /** Media type, e.g. "application/json". */
  contentType: string;
  description?: string;
  schema: JsonSchema;
  /**
   * Where the schema is written in the description, as a JSON pointer (every `$ref` on the way
   * followed): the example check validates against it there, so the schemas it refers to are
   * compiled once for all operations.
   */
  schemaAt?: string;
  examples: ApiExample[];
}

export interface ApiResponse {
  /** "200", "201", "4XX", "default". */
  status: string;
  description: string;
  contentType?: string;
  schema?: JsonSchema;
  /** Where the schema is written in the description, as a JSON pointer (see `ApiBody`). */
  schemaAt?: string;
  examples: ApiExample[];
}

export interface ApiOperation {
  /** `operationId`. */
  id: string;
  /** Upper case: "GET", "POST", … */
  method: string;
  /** Path template as in the description: "/tokens/{id}". */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  /** Names of the security schemes that apply (the API key header). */
  security: string[];
  /**
   * The `apiKey` schemes among `security`: where the key is sent, so a generated cURL sample
   * carries it, written as the scheme's `x-placeholder` (default "<API_KEY>"). Optional: a
   * loader that does not fill it gives samples without the key.
   */
  apiKeys?: { name: string; in: 'header' | 'query' | 'cookie'; placeholder?: string }[];
  /** `x-permissions`: what the permission chips show. */
  permissions: string[];
  parameters: ApiParameter[];
  requestBody?: ApiBody;
  responses: ApiResponse[];
  /** Where the operation is declared in the YAML (its method key). */
  at: YamlPath;
  /** Hash of everything above: a page using the operation re-renders when it changes. */
  hash: string;
}

/** The loaded, validated description. */
export interface ApiDescription {
  /** Source path relative to the site root, e.g. "openapi/api.yaml". */
  file: string;
  title: string;
  version: string;
  /** By `operationId`, in the order of the description. */
  operations: Map<string, ApiOperation>;
  /** The YAML text as written, published as `/openapi.yaml`. */
  yaml: string;
  /** The same document as JSON (refs kept), published as `/openapi.json`. */
  json: string;
}

/**
 * A JSON example found in a page, to check against an operation: a fence marked
 * `request=<id>` or `response=<id>:<status>`, or the body (`-d`) of a cURL sample whose method
 * and path match an operation.
 */
export interface PageExample {
  kind: 'request' | 'response';
  /** For a marked fence: the operation id; for a cURL sample: method and path. */
  operationId?: string;
  method?: string;
  path?: string;
  status?: string;
  /** The JSON text as written. */
  text: string;
  /** Place of the fence (or of the cURL block) in the Markdown file. */
  line: number;
  column: number;
}
