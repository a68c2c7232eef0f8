// Vocabulary for the synthetic docs (software / devops / API topics) and the helpers that turn
// it into English word forms and code identifiers.

// ---------------------------------------------------------------------------------------------
// Vocabulary (software / devops / API docs)
// ---------------------------------------------------------------------------------------------

export const NOUNS = [
  'access token', 'API key', 'audit log', 'alert rule', 'artifact', 'autoscaler', 'backup', 'build cache',
  'branch', 'bucket', 'certificate', 'changelog', 'cluster', 'commit', 'config file', 'connection pool',
  'consumer', 'container image', 'cron schedule', 'dashboard', 'dependency', 'deployment', 'endpoint',
  'environment', 'environment variable', 'error code', 'event', 'exporter', 'feature flag', 'fixture',
  'gateway', 'header', 'health check', 'identity provider', 'idempotency key', 'index', 'integration',
  'invoice', 'job', 'lockfile', 'load balancer', 'log stream', 'manifest', 'metric', 'middleware',
  'migration', 'namespace', 'node pool', 'partition', 'payload', 'permission', 'pipeline', 'plugin',
  'policy', 'probe', 'producer', 'proxy', 'queue', 'quota', 'region', 'registry', 'release channel',
  'replica', 'request', 'resource', 'response', 'retry policy', 'role', 'route', 'runtime', 'sandbox',
  'schema', 'scope', 'secret', 'service account', 'session', 'shard', 'signing secret', 'snapshot',
  'span', 'status code', 'subscription', 'tenant', 'template', 'test suite', 'timeout', 'topic', 'trace',
  'trigger', 'usage report', 'version', 'volume', 'webhook', 'worker', 'workflow', 'workspace', 'cursor',
  'collector', 'sampler', 'encryption key', 'release', 'rollout', 'preview build', 'edge function',
  'cache key', 'domain', 'DNS record', 'TLS certificate', 'SDK', 'CLI', 'client library', 'module',
  'package', 'project', 'organization', 'user', 'team', 'repository', 'rate limit', 'build step',
  'secret store', 'message broker', 'dead letter queue', 'read replica', 'connection string',
];

export const VERBS = [
  'configure', 'deploy', 'rotate', 'validate', 'cache', 'retry', 'provision', 'register', 'revoke',
  'forward', 'encrypt', 'serialize', 'parse', 'emit', 'publish', 'schedule', 'throttle', 'authenticate',
  'authorize', 'migrate', 'replicate', 'restore', 'export', 'import', 'monitor', 'inspect', 'override',
  'inject', 'resolve', 'bundle', 'compile', 'sign', 'verify', 'upload', 'stream', 'batch', 'buffer',
  'queue', 'route', 'mask', 'redact', 'hash', 'compress', 'promote', 'invalidate', 'refresh', 'renew',
  'generate', 'expose', 'attach', 'mount', 'scale', 'drain', 'restart', 'tag', 'pin', 'merge', 'fetch',
  'poll', 'persist', 'store', 'load', 'enable', 'disable', 'reject', 'accept', 'enforce', 'audit', 'track',
  'record', 'label', 'filter', 'paginate', 'aggregate', 'transform', 'normalize', 'index', 'send', 'build',
  'split', 'write', 'read', 'keep', 'run', 'deliver', 'archive', 'debug', 'profile', 'sample', 'trace',
];

export const ADJECTIVES = [
  'regional', 'ephemeral', 'idempotent', 'asynchronous', 'synchronous', 'encrypted', 'signed', 'scoped',
  'stale', 'cached', 'default', 'custom', 'managed', 'self-hosted', 'distributed', 'incremental',
  'concurrent', 'transient', 'persistent', 'read-only', 'immutable', 'versioned', 'deprecated',
  'experimental', 'stable', 'internal', 'public', 'private', 'upstream', 'downstream', 'primary',
  'secondary', 'fallback', 'optional', 'required', 'nested', 'partial', 'granular', 'verbose',
  'lightweight', 'isolated', 'multi-tenant', 'rate-limited', 'paginated', 'compressed', 'structured',
  'raw', 'short-lived', 'long-running', 'scheduled', 'automatic', 'manual', 'strict', 'temporary',
  'global', 'local', 'remote', 'dedicated', 'shared', 'unique', 'existing', 'new', 'previous', 'active',
  'pending', 'failed', 'healthy', 'unhealthy', 'idle', 'expired', 'outbound', 'inbound', 'batched',
];

export const ADVERBS = [
  'automatically', 'explicitly', 'asynchronously', 'safely', 'periodically', 'lazily', 'eagerly',
  'atomically', 'transparently', 'independently', 'consistently', 'gradually', 'immediately', 'silently',
  'deterministically', 'in parallel', 'in order', 'on demand', 'in the background', 'at startup',
];

export const UNITS = ['second', 'minute', 'hour', 'request', 'tenant', 'region', 'worker', 'project'];

export const L1_TOPICS = [
  'authentication', 'authorization', 'billing', 'deployments', 'observability', 'networking', 'storage',
  'databases', 'messaging', 'webhooks', 'pipelines', 'security', 'compliance', 'integrations', 'runtime',
  'edge', 'caching', 'search', 'identity', 'secrets', 'releases', 'monitoring', 'scaling', 'migrations',
  'analytics', 'notifications', 'workflows', 'tenancy', 'access-control', 'data-export', 'cli-usage',
  'sdk-guides', 'queues', 'scheduling', 'logging', 'tracing',
];

export const L2_TOPICS = [
  'concepts', 'guides', 'how-to', 'reference', 'tutorials', 'troubleshooting', 'recipes', 'best-practices',
  'configuration', 'operations', 'advanced', 'quickstarts', 'limits', 'patterns', 'examples', 'internals',
  'upgrades', 'policies', 'integration', 'testing',
];

export const FIXED_H2 = [
  'Overview', 'Prerequisites', 'Before you begin', 'How it works', 'Limitations', 'Troubleshooting',
  'Next steps', 'Best practices', 'Known issues', 'Security considerations', 'Performance',
  'Migration notes', 'Quotas and limits', 'Related topics', 'Example', 'Configuration', 'Permissions',
  'Common errors', 'Clean up', 'Verify the setup', 'Frequently asked questions', 'Key concepts',
];

export const PROPS = [
  ['region', 'str', ['eu-west-1', 'us-east-2', 'ap-south-1', 'us-central-1']],
  ['replicas', 'int', [2, 3, 5, 8]],
  ['timeoutMs', 'int', [5000, 15000, 30000]],
  ['retryCount', 'int', [3, 5, 10]],
  ['enabled', 'bool', [true, false]],
  ['dryRun', 'bool', [true, false]],
  ['batchSize', 'int', [50, 100, 250, 500]],
  ['ttlSeconds', 'int', [60, 300, 3600]],
  ['environment', 'str', ['staging', 'production', 'preview']],
  ['strategy', 'str', ['rolling', 'blue-green', 'canary']],
  ['channel', 'str', ['stable', 'beta', 'nightly']],
  ['priority', 'str', ['low', 'normal', 'high']],
  ['maxAttempts', 'int', [3, 4, 6]],
  ['apiVersion', 'str', ['2024-06-01', 'v2', 'v3']],
  ['scope', 'str', ['read', 'write', 'admin']],
  ['verbose', 'bool', [true, false]],
  ['concurrency', 'int', [4, 8, 16]],
];

export const HEADERS = ['Idempotency-Key', 'X-Request-Id', 'Retry-After', 'Bench-Signature', 'Bench-Version', 'Authorization', 'Content-Type'];
export const STATUS = [
  ['400', 'invalid_request'], ['401', 'unauthenticated'], ['403', 'permission_denied'], ['404', 'not_found'],
  ['409', 'conflict'], ['422', 'validation_failed'], ['429', 'rate_limited'], ['500', 'internal_error'],
  ['502', 'bad_gateway'], ['503', 'unavailable'], ['504', 'upstream_timeout'],
];

export const LANGS = [
  ['js', 3], ['ts', 3], ['json', 3], ['bash', 3], ['python', 2], ['java', 1], ['csharp', 1], ['go', 1],
  ['kotlin', 1], ['swift', 1], ['hcl', 1],
];
export const LANG_NAMES = {
  js: 'JavaScript', ts: 'TypeScript', json: 'JSON', bash: 'shell', python: 'Python', java: 'Java',
  csharp: 'C#', go: 'Go', kotlin: 'Kotlin', swift: 'Swift', hcl: 'Terraform',
};

// ---------------------------------------------------------------------------------------------
// Word forms and identifier helpers
// ---------------------------------------------------------------------------------------------

const DOUBLE = new Set(['tag', 'pin', 'emit', 'run', 'plan', 'ship', 'map', 'drop', 'log', 'stop', 'scan', 'wrap', 'split', 'debug']);
const PARTICIPLE = { send: 'sent', build: 'built', split: 'split', write: 'written', read: 'read', keep: 'kept', run: 'run', override: 'overridden' };
const ACRONYMS = { api: 'API', cli: 'CLI', sdk: 'SDK', dns: 'DNS', tls: 'TLS', faq: 'FAQ', id: 'ID' };

export function plural(noun) {
  const words = noun.split(' ');
  let w = words.pop();
  if (/[A-Z]{2,}$/.test(w)) w += 's';
  else if (/(s|x|z|ch|sh)$/.test(w)) w += 'es';
  else if (/[^aeiou]y$/.test(w)) w = `${w.slice(0, -1)}ies`;
  else w += 's';
  return [...words, w].join(' ');
}
export function third(v) {
  if (/(s|x|z|ch|sh)$/.test(v)) return `${v}es`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ies`;
  return `${v}s`;
}
export function ing(v) {
  if (DOUBLE.has(v)) return `${v}${v.at(-1)}ing`;
  if (/[^e]e$/.test(v)) return `${v.slice(0, -1)}ing`;
  return `${v}ing`;
}
export function pp(v) {
  if (PARTICIPLE[v]) return PARTICIPLE[v];
  if (DOUBLE.has(v)) return `${v}${v.at(-1)}ed`;
  if (v.endsWith('e')) return `${v}d`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ied`;
  return `${v}ed`;
}
/** "a" or "an" before a phrase. */
export function an(phrase) {
  const first = phrase.split(/[\s-]/)[0];
  if (/^[A-Z]{2,}/.test(first)) return `${/^[AEFHILMNORSX]/.test(first) ? 'an' : 'a'} ${phrase}`;
  if (/^(uni|use|usa|one)/i.test(first)) return `a ${phrase}`;
  return `${/^[aeiou]/i.test(first) ? 'an' : 'a'} ${phrase}`;
}
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const wordsOf = (phrase) => phrase.toLowerCase().split(/[\s-]+/).filter(Boolean);
export const camel = (phrase) => wordsOf(phrase).map((w, i) => (i ? cap(w) : w)).join('');
export const pascal = (phrase) => wordsOf(phrase).map(cap).join('');
export const snake = (phrase) => wordsOf(phrase).join('_');
export const kebab = (phrase) => wordsOf(phrase).join('-');
export const upper = (phrase) => snake(phrase).toUpperCase();
/** camelCase identifier (from PROPS) → snake_case / PascalCase. */
export const camelToSnake = (id) => id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camelToPascal = (id) => cap(id);
/** Label for a folder name: "access-control" → "Access Control", "sdk-guides" → "SDK Guides". */
export const label = (name) =>
  name
    .split('-')
    .map((w) => ACRONYMS[w] ?? cap(w))
    .join(' ');
/** GitHub-style heading slug (our headings are ASCII letters, digits, spaces and hyphens). */
export function slugify(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
}
/** Prose words: tokens with a letter or a digit. */
export const countWords = (text) => (text.match(/\S+/g) ?? []).filter((t) => /[A-Za-z0-9]/.test(t)).length;
