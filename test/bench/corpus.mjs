#!/usr/bin/env node
// Deterministic synthetic documentation corpus for benchmarking docgen.
//
//   node test/bench/corpus.mjs N OUTDIR [--seed 42]
//
// Writes a complete docgen site into OUTDIR: site.config.ts, content/docs/index.md and N-1
// pages content/docs/<l1>/<l2>/<slug>.md with _category_.json files in every folder. Every page
// has front matter, ~750 words of prose (600–900) in 4–8 sections, 3–5 fenced code blocks of
// 10–40 lines, one GFM table, one admonition and 3–6 relative .md links (some with #anchors)
// that all resolve. Same N and seed → byte-identical output. No dependencies, no network.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SITE_CONFIG = `import { defineConfig } from 'docgen';
export default defineConfig({ title: 'Bench Docs', url: 'https://bench.docs.example' });
`;

// ---------------------------------------------------------------------------------------------
// Seeded PRNG (mulberry32) and helpers
// ---------------------------------------------------------------------------------------------

class Rng {
  constructor(seed) {
    // Mix the seed once so that nearby seeds give unrelated streams.
    let s = (Number(seed) >>> 0) ^ 0x9e3779b9;
    s = Math.imul(s ^ (s >>> 16), 0x85ebca6b);
    s = Math.imul(s ^ (s >>> 13), 0xc2b2ae35);
    this.state = (s ^ (s >>> 16)) >>> 0;
  }
  /** Float in [0, 1). */
  next() {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [a, b]. */
  int(a, b) {
    return a + Math.floor(this.next() * (b - a + 1));
  }
  chance(p) {
    return this.next() < p;
  }
  pick(arr) {
    return arr[Math.floor(this.next() * arr.length)];
  }
  /** Pick by weight from [[item, weight], ...]. */
  weighted(pairs) {
    const total = pairs.reduce((s, [, w]) => s + w, 0);
    let x = this.next() * total;
    for (const [item, w] of pairs) {
      x -= w;
      if (x < 0) return item;
    }
    return pairs[pairs.length - 1][0];
  }
  shuffle(arr) {
    const a = arr.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }
  /** k distinct items (or all of them if there are fewer). */
  sample(arr, k) {
    return this.shuffle(arr).slice(0, k);
  }
}

// ---------------------------------------------------------------------------------------------
// Vocabulary (software / devops / API docs)
// ---------------------------------------------------------------------------------------------

const NOUNS = [
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

const VERBS = [
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

const ADJECTIVES = [
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

const ADVERBS = [
  'automatically', 'explicitly', 'asynchronously', 'safely', 'periodically', 'lazily', 'eagerly',
  'atomically', 'transparently', 'independently', 'consistently', 'gradually', 'immediately', 'silently',
  'deterministically', 'in parallel', 'in order', 'on demand', 'in the background', 'at startup',
];

const UNITS = ['second', 'minute', 'hour', 'request', 'tenant', 'region', 'worker', 'project'];

const L1_TOPICS = [
  'authentication', 'authorization', 'billing', 'deployments', 'observability', 'networking', 'storage',
  'databases', 'messaging', 'webhooks', 'pipelines', 'security', 'compliance', 'integrations', 'runtime',
  'edge', 'caching', 'search', 'identity', 'secrets', 'releases', 'monitoring', 'scaling', 'migrations',
  'analytics', 'notifications', 'workflows', 'tenancy', 'access-control', 'data-export', 'cli-usage',
  'sdk-guides', 'queues', 'scheduling', 'logging', 'tracing',
];

const L2_TOPICS = [
  'concepts', 'guides', 'how-to', 'reference', 'tutorials', 'troubleshooting', 'recipes', 'best-practices',
  'configuration', 'operations', 'advanced', 'quickstarts', 'limits', 'patterns', 'examples', 'internals',
  'upgrades', 'policies', 'integration', 'testing',
];

const FIXED_H2 = [
  'Overview', 'Prerequisites', 'Before you begin', 'How it works', 'Limitations', 'Troubleshooting',
  'Next steps', 'Best practices', 'Known issues', 'Security considerations', 'Performance',
  'Migration notes', 'Quotas and limits', 'Related topics', 'Example', 'Configuration', 'Permissions',
  'Common errors', 'Clean up', 'Verify the setup', 'Frequently asked questions', 'Key concepts',
];

const PROPS = [
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

const HEADERS = ['Idempotency-Key', 'X-Request-Id', 'Retry-After', 'Bench-Signature', 'Bench-Version', 'Authorization', 'Content-Type'];
const STATUS = [
  ['400', 'invalid_request'], ['401', 'unauthenticated'], ['403', 'permission_denied'], ['404', 'not_found'],
  ['409', 'conflict'], ['422', 'validation_failed'], ['429', 'rate_limited'], ['500', 'internal_error'],
  ['502', 'bad_gateway'], ['503', 'unavailable'], ['504', 'upstream_timeout'],
];

const LANGS = [
  ['js', 3], ['ts', 3], ['json', 3], ['bash', 3], ['python', 2], ['java', 1], ['csharp', 1], ['go', 1],
  ['kotlin', 1], ['swift', 1], ['hcl', 1],
];
const LANG_NAMES = {
  js: 'JavaScript', ts: 'TypeScript', json: 'JSON', bash: 'shell', python: 'Python', java: 'Java',
  csharp: 'C#', go: 'Go', kotlin: 'Kotlin', swift: 'Swift', hcl: 'Terraform',
};

// ---------------------------------------------------------------------------------------------
// Word forms and identifier helpers
// ---------------------------------------------------------------------------------------------

const DOUBLE = new Set(['tag', 'pin', 'emit', 'run', 'plan', 'ship', 'map', 'drop', 'log', 'stop', 'scan', 'wrap', 'split', 'debug']);
const PARTICIPLE = { send: 'sent', build: 'built', split: 'split', write: 'written', read: 'read', keep: 'kept', run: 'run', override: 'overridden' };
const ACRONYMS = { api: 'API', cli: 'CLI', sdk: 'SDK', dns: 'DNS', tls: 'TLS', faq: 'FAQ', id: 'ID' };

function plural(noun) {
  const words = noun.split(' ');
  let w = words.pop();
  if (/[A-Z]{2,}$/.test(w)) w += 's';
  else if (/(s|x|z|ch|sh)$/.test(w)) w += 'es';
  else if (/[^aeiou]y$/.test(w)) w = `${w.slice(0, -1)}ies`;
  else w += 's';
  return [...words, w].join(' ');
}
function third(v) {
  if (/(s|x|z|ch|sh)$/.test(v)) return `${v}es`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ies`;
  return `${v}s`;
}
function ing(v) {
  if (DOUBLE.has(v)) return `${v}${v.at(-1)}ing`;
  if (/[^e]e$/.test(v)) return `${v.slice(0, -1)}ing`;
  return `${v}ing`;
}
function pp(v) {
  if (PARTICIPLE[v]) return PARTICIPLE[v];
  if (DOUBLE.has(v)) return `${v}${v.at(-1)}ed`;
  if (v.endsWith('e')) return `${v}d`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ied`;
  return `${v}ed`;
}
/** "a" or "an" before a phrase. */
function an(phrase) {
  const first = phrase.split(/[\s-]/)[0];
  if (/^[A-Z]{2,}/.test(first)) return `${/^[AEFHILMNORSX]/.test(first) ? 'an' : 'a'} ${phrase}`;
  if (/^(uni|use|usa|one)/i.test(first)) return `a ${phrase}`;
  return `${/^[aeiou]/i.test(first) ? 'an' : 'a'} ${phrase}`;
}
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const wordsOf = (phrase) => phrase.toLowerCase().split(/[\s-]+/).filter(Boolean);
const camel = (phrase) => wordsOf(phrase).map((w, i) => (i ? cap(w) : w)).join('');
const pascal = (phrase) => wordsOf(phrase).map(cap).join('');
const snake = (phrase) => wordsOf(phrase).join('_');
const kebab = (phrase) => wordsOf(phrase).join('-');
const upper = (phrase) => snake(phrase).toUpperCase();
/** camelCase identifier (from PROPS) → snake_case / PascalCase. */
const camelToSnake = (id) => id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camelToPascal = (id) => cap(id);
/** Label for a folder name: "access-control" → "Access Control", "sdk-guides" → "SDK Guides". */
const label = (name) =>
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
const countWords = (text) => (text.match(/\S+/g) ?? []).filter((t) => /[A-Za-z0-9]/.test(t)).length;

// ---------------------------------------------------------------------------------------------
// Prose
// ---------------------------------------------------------------------------------------------

class Prose {
  constructor(rng) {
    this.r = rng;
  }
  noun() { return this.r.pick(NOUNS); }
  nouns() { return plural(this.noun()); }
  adj() { return this.r.pick(ADJECTIVES); }
  adv() { return this.r.pick(ADVERBS); }
  verb() { return this.r.pick(VERBS); }
  verb3() { return third(this.verb()); }
  ving() { return ing(this.verb()); }
  vpp() { return pp(this.verb()); }
  unit() { return this.r.pick(UNITS); }
  num() { return this.r.pick([2, 3, 5, 10, 15, 30, 60, 90]); }
  bignum() { return this.r.pick([25, 50, 100, 250, 500, 1000, 5000, '10,000']); }
  /** Singular noun phrase. */
  np() {
    const r = this.r;
    switch (r.int(0, 5)) {
      case 0: return `the ${this.noun()}`;
      case 1: return `the ${this.adj()} ${this.noun()}`;
      case 2: return an(this.noun());
      case 3: return an(`${this.adj()} ${this.noun()}`);
      case 4: return `each ${this.noun()}`;
      default: return `your ${this.noun()}`;
    }
  }
  /** Plural noun phrase. */
  nps() {
    switch (this.r.int(0, 4)) {
      case 0: return this.nouns();
      case 1: return `${this.adj()} ${this.nouns()}`;
      case 2: return `all ${this.nouns()}`;
      case 3: return `the ${this.nouns()}`;
      default: return `most ${this.adj()} ${this.nouns()}`;
    }
  }
  prop() { return this.r.pick(PROPS); }
  code(s) { return `\`${s}\``; }
  propCode() { return this.code(this.prop()[0]); }
  flagCode() { return this.code(`--${kebab(this.r.chance(0.5) ? this.noun() : this.r.pick(['dry run', 'region', 'env', 'wait', 'force', 'output json', 'profile', 'max retries']))}`); }
  envCode() { return this.code(`BENCH_${upper(this.r.chance(0.5) ? this.noun() : this.r.pick(['api key', 'region', 'profile', 'log level', 'timeout']))}`); }
  cliCode() { return this.code(`bench ${kebab(this.noun())} ${this.verb()}${this.r.chance(0.4) ? ` --${this.r.pick(['env staging', 'dry-run', 'all', 'wait', 'region eu-west-1'])}` : ''}`); }
  headerCode() { return this.code(this.r.pick(HEADERS)); }
  anyCode() {
    switch (this.r.int(0, 3)) {
      case 0: return this.propCode();
      case 1: return this.flagCode();
      case 2: return this.envCode();
      default: return this.code(camel(`${this.adj()} ${this.noun()}`));
    }
  }
  valueCode(prop) {
    const v = this.r.pick(prop[2]);
    return this.code(typeof v === 'string' ? `"${v}"` : String(v));
  }

  sentence() {
    const g = this;
    const t = [
      () => `${cap(g.np())} ${g.verb3()} ${g.np()} ${g.adv()}.`,
      () => `When ${g.np()} ${g.verb3()} ${g.np()}, ${g.np()} is ${g.vpp()} ${g.adv()}.`,
      () => `You can ${g.verb()} ${g.np()} with the ${g.anyCode()} option.`,
      () => `By default, ${g.nps()} are ${g.vpp()} ${g.adv()}, so ${g.nps()} never ${g.verb()} ${g.np()}.`,
      () => `If ${g.np()} ${g.verb3()} before ${g.np()} is ${g.vpp()}, the request fails with ${an(`${g.adj()} ${g.noun()}`)}.`,
      () => `Use ${g.anyCode()} to ${g.verb()} ${g.nps()} in ${g.np()}.`,
      () => `Each ${g.noun()} keeps its own ${g.noun()}, which means ${g.nps()} can be ${g.vpp()} ${g.adv()}.`,
      () => `This is useful when ${g.nps()} need to ${g.verb()} ${g.nps()} without ${g.ving()} ${g.np()}.`,
      () => `In most setups, ${g.ving()} ${g.np()} takes less than ${g.num()} seconds.`,
      () => `The service ${g.verb3()} up to ${g.bignum()} ${g.nouns()} per ${g.unit()}.`,
      () => `Avoid ${g.ving()} ${g.np()} directly, because ${g.np()} may ${g.verb()} it again.`,
      () => `After ${g.np()} is ${g.vpp()}, ${g.verb()} ${g.np()} and check ${g.np()}.`,
      () => {
        const p = g.prop();
        return `For ${g.adj()} ${g.nouns()}, set ${g.code(p[0])} to ${g.valueCode(p)}.`;
      },
      () => `Note that ${g.np()} only ${g.verb3()} ${g.adj()} ${g.nouns()}.`,
      () => `Once enabled, ${g.np()} ${g.verb3()} each ${g.noun()} and ${g.verb3()} the result to ${g.np()}.`,
      () => `The response contains ${g.np()}, ${g.np()}, and ${an(`${g.adj()} ${g.noun()}`)}.`,
      () => `Older ${g.nouns()} may still ${g.verb()} ${g.np()}, so plan the ${g.noun()} accordingly.`,
      () => `To ${g.verb()} ${g.np()}, run ${g.cliCode()} from the project root.`,
      () => `The default ${g.noun()} is ${g.num()} ${g.unit()}s, which works for most ${g.nouns()}.`,
      () => `Teams that ${g.verb()} many ${g.nouns()} usually ${g.verb()} ${an(`${g.adj()} ${g.noun()}`)} per ${g.noun()}.`,
      () => `Behind the scenes, ${g.np()} ${g.verb3()} ${an(`${g.adj()} ${g.noun()}`)} and ${g.verb3()} it ${g.adv()}.`,
      () => `Keep in mind that ${g.ving()} ${g.np()} does not ${g.verb()} existing ${g.nouns()}.`,
      () => `You should ${g.verb()} ${g.np()} whenever ${g.np()} changes.`,
      () => `Every request must include ${an(`${g.adj()} ${g.noun()}`)} in the ${g.headerCode()} header.`,
      () => `${cap(g.ving())} ${g.nouns()} ${g.adv()} reduces the load on ${g.np()}.`,
      () => `Because ${g.nouns()} are ${g.adj()}, ${g.np()} can ${g.verb()} them without ${g.ving()} ${g.np()}.`,
      () => `The ${g.propCode()} field controls how long ${g.np()} waits before it ${g.verb3()} ${g.np()}.`,
      () => `Requests that exceed the ${g.noun()} return ${g.code(g.r.pick(STATUS)[0])} and include a ${g.code('Retry-After')} header.`,
      () => `In the ${g.r.pick(['staging', 'production', 'preview', 'sandbox'])} environment, ${g.nps()} are ${g.vpp()} on every ${g.noun()}.`,
      () => `Set ${g.envCode()} in your shell before you ${g.verb()} ${g.np()}.`,
      () => `Unlike ${g.adj()} ${g.nouns()}, ${g.adj()} ${g.nouns()} are ${g.vpp()} only once.`,
      () => `${cap(g.np())} is ${g.vpp()} when ${g.np()} ${g.verb3()} ${g.np()}, not when ${g.np()} is ${g.vpp()}.`,
      () => `You do not need to ${g.verb()} ${g.np()} manually unless ${g.np()} is ${g.adj()}.`,
      () => `Changes to ${g.np()} take effect after the next ${g.noun()}.`,
      () => `The CLI prints ${g.np()} for each ${g.noun()} it ${g.verb3()}.`,
      () => `Both ${g.nouns()} and ${g.nouns()} support ${g.adj()} ${g.nouns()}.`,
      () => `Pass ${g.flagCode()} to ${g.verb()} ${g.nps()} without ${g.ving()} ${g.np()}.`,
      () => `${cap(g.nps())} are ${g.vpp()} in the order in which ${g.np()} ${g.verb3()} them.`,
    ];
    return this.r.pick(t)();
  }
  /** A short sentence without inline code, for code comments and log messages. */
  plain() {
    const g = this;
    const t = [
      () => `${cap(g.verb())} the ${g.noun()} before ${g.ving()} the ${g.noun()}.`,
      () => `${cap(g.nouns())} are ${g.vpp()} ${g.adv()}.`,
      () => `Only ${g.adj()} ${g.nouns()} are ${g.vpp()} here.`,
      () => `${cap(g.ving())} the ${g.adj()} ${g.noun()} is safe to repeat.`,
      () => `The ${g.noun()} ${g.verb3()} the ${g.noun()} ${g.adv()}.`,
    ];
    return this.r.pick(t)();
  }
  /** Short phrase for log lines and errors: "rotating webhook". */
  phrase() {
    return `${this.ving()} ${this.noun()}`;
  }
  description() {
    const g = this;
    const t = [
      () => `Learn how to ${g.verb()} ${g.nps()} and ${g.verb()} ${g.np()} in ${g.adj()} environments.`,
      () => `How ${g.nouns()} ${g.verb()} ${g.nps()}, with examples in several languages.`,
      () => `Reference for ${g.adj()} ${g.noun()} options, limits, and error codes.`,
      () => `Configure ${g.nps()} to ${g.verb()} ${g.np()} ${g.adv()}.`,
      () => `Set up ${an(`${g.adj()} ${g.noun()}`)} and ${g.verb()} ${g.nps()} with the CLI and the SDKs.`,
    ];
    return this.r.pick(t)();
  }
  pageTitle() {
    const g = this;
    const t = [
      () => `${cap(g.verb())} ${g.adj()} ${g.nouns()}`,
      () => `${cap(g.verb())} ${g.nouns()}`,
      () => `${cap(g.nouns())} for ${g.adj()} ${g.nouns()}`,
      () => `${cap(g.ving())} ${g.nouns()}`,
      () => `${cap(g.noun())} reference`,
      () => `Troubleshoot ${g.adj()} ${g.nouns()}`,
      () => `${cap(g.adj())} ${g.nouns()} explained`,
      () => `${cap(g.verb())} ${g.nouns()} with ${g.nouns()}`,
    ];
    return this.r.pick(t)();
  }
  h2() {
    const g = this;
    if (this.r.chance(0.3)) return this.r.pick(FIXED_H2);
    const t = [
      () => `${cap(g.ving())} the ${g.adj()} ${g.noun()}`,
      () => `${cap(g.verb())} ${g.nouns()}`,
      () => `${cap(g.adj())} ${g.nouns()}`,
      () => `Use ${an(g.noun())} with ${g.nouns()}`,
      () => `${cap(g.noun())} ${g.r.pick(['options', 'lifecycle', 'limits', 'format', 'errors', 'settings'])}`,
    ];
    return this.r.pick(t)();
  }
  h3() {
    const g = this;
    const t = [
      () => `${cap(g.verb())} the ${g.noun()}`,
      () => `${cap(g.ving())} ${g.nouns()}`,
      () => `${cap(g.adj())} ${g.nouns()}`,
      () => `With ${an(`${g.adj()} ${g.noun()}`)}`,
      () => `${cap(g.noun())} ${g.r.pick(['example', 'fields', 'defaults', 'behavior', 'checklist'])}`,
    ];
    return this.r.pick(t)();
  }
}

// ---------------------------------------------------------------------------------------------
// Code blocks
// ---------------------------------------------------------------------------------------------

/** Words that are keywords in one of the example languages: never used as local names. */
const RESERVED = new Set(['package', 'namespace', 'event', 'import', 'export', 'default', 'interface', 'object', 'function', 'module', 'range', 'select', 'type', 'lock']);

const EXT = { js: 'js', ts: 'ts', json: 'json', bash: 'sh', python: 'py', java: 'java', csharp: 'cs', go: 'go', kotlin: 'kt', swift: 'swift', hcl: 'tf' };

/** Identifiers shared by one code block. */
class CodeCtx {
  constructor(rng, prose, lang) {
    this.lang = lang;
    this.r = rng;
    this.p = prose;
    this.used = new Set(['id', 'item', 'options', 'client', 'err', 'ctx', 'e', 'ex', 'exc', 'error']);
    this.noun = prose.noun();
    this.verb = prose.verb();
    this.vars = [];
    this.guarded = new Set();
    /** Properties of the block's options type, if it declares one. */
    this.optionProps = [];
  }
  /** 1–3 properties for an options type declared in the block header. */
  declareOptions() {
    this.optionProps = this.r.sample(PROPS, this.r.int(1, 3));
    return this.optionProps;
  }
  hasOption(p) {
    return this.optionProps.includes(p);
  }
  fresh(base0) {
    const base = RESERVED.has(base0) ? `${base0}${this.lang === 'python' ? '_info' : 'Info'}` : base0;
    let name = base;
    for (let i = 2; this.used.has(name); i++) name = `${base}${i}`;
    this.used.add(name);
    return name;
  }
  /** A fetched object: later statements use it, the function returns the first one. */
  obj(base) {
    const name = this.fresh(base);
    this.vars.push(name);
    return name;
  }
  res() { return camel(plural(this.p.noun())); }
  method() {
    const verb = this.p.verb();
    return camel(this.r.pick(['get', 'list', 'create', 'update', 'delete', RESERVED.has(verb) ? 'sync' : verb]));
  }
  prop() { return this.r.pick(PROPS); }
  /** A property not yet declared as a local variable in this block (or null). */
  optProp() {
    const free = PROPS.filter((p) => !this.used.has(p[0]));
    if (!free.length) return null;
    const p = this.r.pick(free);
    this.used.add(p[0]);
    return p;
  }
  value(prop, lang) {
    const v = this.r.pick(prop[2]);
    if (typeof v === 'boolean') return lang === 'python' ? (v ? 'True' : 'False') : String(v);
    if (typeof v === 'number') return String(v);
    return lang === 'js' || lang === 'ts' ? `'${v}'` : `"${v}"`;
  }
}

/** Statement templates for the languages whose examples are a function body. */
const FN_LANGS = {
  js: jsLike(false),
  ts: jsLike(true),
  python: {
    indent: '    ',
    header: (c) => [
      'import os',
      '',
      'import bench',
      '',
      'client = bench.Client(api_key=os.environ["BENCH_API_KEY"])',
      '',
      '',
      `def ${snake(`${c.verb} ${c.noun}`)}(id, **options):`,
      `    """${c.p.plain()}"""`,
    ],
    footer: (c) => [`    return ${c.vars[0]}`],
    decl: (c) => {
      const v = c.obj(snake(c.p.noun()));
      return [`${v} = client.${camelToSnake(c.res())}.${snake(c.method())}(id)`];
    },
    stmts: {
      guard: (c, v) => [`if ${v} is None:`, `    raise LookupError(f"${c.noun} {id} was not found")`],
      log: (c, v) => [`print(f"${c.p.phrase()} {${v}.id}")`],
      option: (c) => {
        const p = c.optProp();
        const v = camelToSnake(p[0]);
        return [`${v} = options.get("${camelToSnake(p[0])}", ${c.value(p, 'python')})`];
      },
      loop: (c, v) => {
        const p = c.prop();
        return [`for item in ${v}.items:`, `    client.${camelToSnake(c.res())}.${snake(c.method())}(item.id, ${camelToSnake(p[0])}=${c.value(p, 'python')})`];
      },
      call: (c, v) => {
        const p = c.prop();
        return [`client.${camelToSnake(c.res())}.${snake(c.method())}(${v}.id, ${camelToSnake(p[0])}=${c.value(p, 'python')})`];
      },
      comment: (c) => [`# ${c.p.plain()}`],
      trycatch: (c) => [
        'try:',
        `    client.${camelToSnake(c.res())}.${snake(c.method())}(id)`,
        'except bench.ApiError as exc:',
        `    print(f"${c.p.phrase()} failed: {exc}")`,
      ],
    },
  },
  java: {
    indent: '        ',
    header: (c) => [
      'package com.bench.examples;',
      '',
      'import com.bench.sdk.BenchClient;',
      'import java.util.Map;',
      '',
      `public class ${pascal(`${c.verb} ${c.noun}`)}Example {`,
      '    private final BenchClient client = BenchClient.fromEnv();',
      '',
      `    public Object ${camel(`${c.verb} ${c.noun}`)}(String id, Map<String, Object> options) {`,
    ],
    footer: (c) => [`        return ${c.vars[0]};`, '    }', '}'],
    decl: (c) => {
      const v = c.obj(camel(c.p.noun()));
      return [`var ${v} = client.${c.res()}().${c.method()}(id);`];
    },
    stmts: {
      guard: (c, v) => [`if (${v} == null) {`, `    throw new IllegalStateException("${c.noun} " + id + " was not found");`, '}'],
      log: (c, v) => [`System.out.printf("${c.p.phrase()} %s%n", ${v}.getId());`],
      option: (c) => {
        const p = c.optProp();
        const v = p[0];
        return [`var ${v} = options.getOrDefault("${p[0]}", ${c.value(p, 'java')});`];
      },
      loop: (c, v) => {
        const p = c.prop();
        return [`for (var item : ${v}.getItems()) {`, `    client.${c.res()}().${c.method()}(item.getId(), Map.of("${p[0]}", ${c.value(p, 'java')}));`, '}'];
      },
      call: (c, v) => {
        const p = c.prop();
        const q = c.prop();
        const args = p[0] === q[0] ? `"${p[0]}", ${c.value(p, 'java')}` : `"${p[0]}", ${c.value(p, 'java')}, "${q[0]}", ${c.value(q, 'java')}`;
        return [`client.${c.res()}().${c.method()}(${v}.getId(), Map.of(${args}));`];
      },
      comment: (c) => [`// ${c.p.plain()}`],
      trycatch: (c) => [
        'try {',
        `    client.${c.res()}().${c.method()}(id);`,
        '} catch (BenchException e) {',
        `    System.err.println("${c.p.phrase()} failed: " + e.getMessage());`,
        '}',
      ],
    },
  },
  csharp: {
    indent: '        ',
    header: (c) => [
      'using System.Threading.Tasks;',
      'using Bench.Sdk;',
      '',
      'namespace Bench.Examples;',
      '',
      `public class ${pascal(`${c.verb} ${c.noun}`)}Example`,
      '{',
      '    private readonly BenchClient _client = BenchClient.FromEnvironment();',
      '',
      `    public async Task<object> ${pascal(`${c.verb} ${c.noun}`)}Async(string id)`,
      '    {',
    ],
    footer: (c) => [`        return ${c.vars[0]};`, '    }', '}'],
    decl: (c) => {
      const v = c.obj(camel(c.p.noun()));
      return [`var ${v} = await _client.${cap(c.res())}.${cap(c.method())}Async(id);`];
    },
    stmts: {
      guard: (c, v) => [`if (${v} is null)`, '{', `    throw new InvalidOperationException($"${c.noun} {id} was not found");`, '}'],
      log: (c, v) => [`Console.WriteLine($"${c.p.phrase()} {${v}.Id}");`],
      option: (c) => {
        const p = c.optProp();
        const v = p[0];
        return [`var ${v} = ${c.value(p, 'csharp')};`];
      },
      loop: (c, v) => {
        const p = c.prop();
        return [`foreach (var item in ${v}.Items)`, '{', `    await _client.${cap(c.res())}.${cap(c.method())}Async(item.Id, new { ${camelToPascal(p[0])} = ${c.value(p, 'csharp')} });`, '}'];
      },
      call: (c, v) => {
        const p = c.prop();
        const q = c.prop();
        const args = p[0] === q[0] ? `${camelToPascal(p[0])} = ${c.value(p, 'csharp')}` : `${camelToPascal(p[0])} = ${c.value(p, 'csharp')}, ${camelToPascal(q[0])} = ${c.value(q, 'csharp')}`;
        return [`await _client.${cap(c.res())}.${cap(c.method())}Async(${v}.Id, new { ${args} });`];
      },
      comment: (c) => [`// ${c.p.plain()}`],
      trycatch: (c) => [
        'try',
        '{',
        `    await _client.${cap(c.res())}.${cap(c.method())}Async(id);`,
        '}',
        'catch (BenchException ex)',
        '{',
        '    Console.Error.WriteLine(ex.Message);',
        '}',
      ],
    },
  },
  go: {
    indent: '\t',
    header: (c) => [
      'package main',
      '',
      'import (',
      '\t"context"',
      '\t"fmt"',
      '\t"log"',
      '',
      '\tbench "github.com/bench/bench-go"',
      ')',
      '',
      'func main() {',
      '\tctx := context.Background()',
      '\tclient := bench.NewClientFromEnv()',
      `\tid := "${c.r.pick(['wh', 'dep', 'job', 'key', 'prj'])}_${c.r.int(100000, 999999)}"`,
    ],
    footer: () => ['\tfmt.Println("done")', '}'],
    decl: (c) => {
      const v = c.obj(camel(c.p.noun()));
      return [`${v}, err := client.${cap(c.res())}.${cap(c.method())}(ctx, id)`, 'if err != nil {', `\tlog.Fatalf("${c.p.phrase()}: %v", err)`, '}'];
    },
    stmts: {
      log: (c, v) => [`fmt.Printf("${c.p.phrase()} %s\\n", ${v}.ID)`],
      option: (c) => {
        const p = c.optProp();
        const v = p[0];
        return [`${v} := ${c.value(p, 'go')}`];
      },
      loop: (c, v) => [
        `for _, item := range ${v}.Items {`,
        `\tif _, err := client.${cap(c.res())}.${cap(c.method())}(ctx, item.ID); err != nil {`,
        `\t\tlog.Printf("${c.p.phrase()}: %v", err)`,
        '\t}',
        '}',
      ],
      call: (c, v) => [`if _, err := client.${cap(c.res())}.${cap(c.method())}(ctx, ${v}.ID); err != nil {`, '\tlog.Fatal(err)', '}'],
      comment: (c) => [`// ${c.p.plain()}`],
    },
  },
  kotlin: {
    indent: '    ',
    header: (c) => {
      const name = `${pascal(`${c.verb} ${c.noun}`)}Options`;
      const props = c.declareOptions();
      const kt = { str: 'String', int: 'Int', bool: 'Boolean' };
      return [
        'import com.bench.sdk.BenchClient',
        '',
        `data class ${name}(`,
        ...props.map((p) => `    val ${p[0]}: ${kt[p[1]]} = ${c.value(p, 'kotlin')},`),
        ')',
        '',
        `suspend fun ${camel(`${c.verb} ${c.noun}`)}(client: BenchClient, id: String, options: ${name} = ${name}()): Any? {`,
      ];
    },
    footer: (c) => [`    return ${c.vars[0]}`, '}'],
    decl: (c) => {
      const v = c.obj(camel(c.p.noun()));
      return [`val ${v} = client.${c.res()}.${c.method()}(id)`];
    },
    stmts: {
      guard: (c, v) => [`requireNotNull(${v}) { "${c.noun} $id was not found" }`],
      log: (c, v) => [`println("${c.p.phrase()} \${${v}.id}")`],
      option: (c) => {
        const p = c.optProp();
        const v = p[0];
        return [c.hasOption(p) ? `val ${v} = options.${p[0]}` : `val ${v} = ${c.value(p, 'kotlin')}`];
      },
      loop: (c, v) => {
        const p = c.prop();
        return [`for (item in ${v}.items) {`, `    client.${c.res()}.${c.method()}(item.id, ${p[0]} = ${c.value(p, 'kotlin')})`, '}'];
      },
      call: (c, v) => {
        const p = c.prop();
        return [`client.${c.res()}.${c.method()}(${v}.id, ${p[0]} = ${c.value(p, 'kotlin')})`];
      },
      comment: (c) => [`// ${c.p.plain()}`],
      trycatch: (c) => [
        'try {',
        `    client.${c.res()}.${c.method()}(id)`,
        '} catch (e: BenchException) {',
        `    println("${c.p.phrase()} failed: \${e.message}")`,
        '}',
      ],
    },
  },
  swift: {
    indent: '    ',
    header: (c) => {
      const name = `${pascal(`${c.verb} ${c.noun}`)}Options`;
      const props = c.declareOptions();
      const sw = { str: 'String', int: 'Int', bool: 'Bool' };
      return [
        'import Foundation',
        'import BenchSDK',
        '',
        `struct ${name} {`,
        ...props.map((p) => `    var ${p[0]}: ${sw[p[1]]} = ${c.value(p, 'swift')}`),
        '}',
        '',
        `func ${camel(`${c.verb} ${c.noun}`)}(client: BenchClient, id: String, options: ${name} = .init()) async throws -> ${pascal(c.noun)} {`,
      ];
    },
    footer: (c) => [`    return ${c.vars[0]}`, '}'],
    decl: (c) => {
      const v = c.obj(camel(c.p.noun()));
      return [`let ${v} = try await client.${c.res()}.${c.method()}(id: id)`];
    },
    stmts: {
      guard: (c, v) => [`guard ${v}.isActive else {`, '    throw BenchError.notFound(id)', '}'],
      log: (c, v) => [`print("${c.p.phrase()} \\(${v}.id)")`],
      option: (c) => {
        const p = c.optProp();
        const v = p[0];
        return [c.hasOption(p) ? `let ${v} = options.${p[0]}` : `let ${v} = ${c.value(p, 'swift')}`];
      },
      loop: (c, v) => {
        const p = c.prop();
        return [`for item in ${v}.items {`, `    try await client.${c.res()}.${c.method()}(id: item.id, ${p[0]}: ${c.value(p, 'swift')})`, '}'];
      },
      call: (c, v) => {
        const p = c.prop();
        return [`try await client.${c.res()}.${c.method()}(id: ${v}.id, ${p[0]}: ${c.value(p, 'swift')})`];
      },
      comment: (c) => [`// ${c.p.plain()}`],
      trycatch: (c) => ['do {', `    try await client.${c.res()}.${c.method()}(id: id)`, '} catch {', `    print("${c.p.phrase()} failed: \\(error)")`, '}'],
    },
  },
};

function jsLike(ts) {
  return {
    indent: '  ',
    header: (c) => {
      const fn = camel(`${c.verb} ${c.noun}`);
      const opts = `${pascal(`${c.verb} ${c.noun}`)}Options`;
      const lines = ["import { BenchClient } from '@bench/sdk';", '', `const client = new BenchClient({ apiKey: process.env.BENCH_API_KEY${ts ? '!' : ''} });`, ''];
      if (ts) {
        const t = { str: 'string', int: 'number', bool: 'boolean' };
        lines.push(`interface ${opts} {`, ...c.declareOptions().map((p) => `  ${p[0]}?: ${t[p[1]]};`), '}', '');
        lines.push(`export async function ${fn}(id: string, options: ${opts} = {}) {`);
      } else {
        lines.push(`export async function ${fn}(id, options = {}) {`);
      }
      return lines;
    },
    footer: (c) => [`  return ${c.vars[0]};`, '}'],
    decl: (c) => {
      const v = c.obj(camel(c.p.noun()));
      return [`const ${v} = await client.${c.res()}.${c.method()}(id);`];
    },
    stmts: {
      guard: (c, v) => [`if (!${v}) {`, `  throw new Error(\`${c.noun} \${id} was not found\`);`, '}'],
      log: (c, v) => [`console.log('${c.p.phrase()}', ${v}.id);`],
      option: (c) => {
        const p = c.optProp();
        const v = p[0];
        return [!ts || c.hasOption(p) ? `const ${v} = options.${p[0]} ?? ${c.value(p, 'js')};` : `const ${v} = ${c.value(p, 'js')};`];
      },
      loop: (c, v) => {
        const p = c.prop();
        return [`for (const item of ${v}.data) {`, `  await client.${c.res()}.${c.method()}(item.id, { ${p[0]}: ${c.value(p, 'js')} });`, '}'];
      },
      call: (c, v) => {
        const p = c.prop();
        const q = c.prop();
        const args = p[0] === q[0] ? `${p[0]}: ${c.value(p, 'js')}` : `${p[0]}: ${c.value(p, 'js')}, ${q[0]}: ${c.value(q, 'js')}`;
        return [`await client.${c.res()}.${c.method()}(${v}.id, { ${args} });`];
      },
      comment: (c) => [`// ${c.p.plain()}`],
      trycatch: (c) => [
        'try {',
        `  await client.${c.res()}.${c.method()}(id);`,
        '} catch (err) {',
        `  console.error('${c.p.phrase()} failed', err);`,
        '}',
      ],
    },
  };
}

/** A function-shaped example of exactly `n` lines (or the language's minimum). */
function fnCode(lang, c, n) {
  const L = FN_LANGS[lang];
  const header = L.header(c);
  const first = L.decl(c);
  const target = Math.max(n, header.length + first.length + L.footer(c).length + 1);
  const body = [...first];
  const footerLen = L.footer(c).length;
  const names = Object.keys(L.stmts);
  const oneLiners = ['log', 'comment'];
  let guard = 0;
  while (header.length + body.length + footerLen < target && guard++ < 200) {
    const remaining = target - header.length - body.length - footerLen;
    let kind = c.r.chance(0.2) ? 'decl' : c.r.pick(names);
    let v = c.r.pick(c.vars);
    if (kind === 'option' && !PROPS.some((p) => !c.used.has(p[0]))) kind = 'comment';
    if (kind === 'guard') {
      const unguarded = c.vars.filter((x) => !c.guarded.has(x));
      if (unguarded.length) c.guarded.add((v = c.r.pick(unguarded)));
      else kind = 'log';
    }
    let lines = kind === 'decl' ? L.decl(c) : L.stmts[kind](c, v);
    if (lines.length > remaining) lines = L.stmts[c.r.pick(oneLiners)](c, c.vars[0]);
    body.push(...lines);
  }
  return [...header, ...body.map((l) => L.indent + l), ...L.footer(c)];
}

function bashCode(c, n) {
  const r = c.r;
  const lines = [];
  if (r.chance(0.5)) lines.push('#!/usr/bin/env bash', 'set -euo pipefail', '');
  const FLAGS = {
    env: ['staging', 'production', 'preview'],
    region: ['eu-west-1', 'us-east-2', 'ap-south-1'],
    replicas: ['2', '3', '5'],
    timeout: ['30s', '2m', '90s'],
    output: ['json', 'yaml', 'table'],
    profile: ['default', 'ci'],
    strategy: ['rolling', 'canary', 'blue-green'],
    'max-retries': ['3', '5'],
  };
  const flag = () => {
    const f = r.pick(Object.keys(FLAGS));
    return `--${f} ${r.pick(FLAGS[f])}`;
  };
  const exportLine = () =>
    r.pick([
      () => `export BENCH_REGION="${r.pick(FLAGS.region)}"`,
      () => `export BENCH_PROFILE="${r.pick(FLAGS.profile)}"`,
      () => `export BENCH_LOG_LEVEL="${r.pick(['debug', 'info', 'warn'])}"`,
      () => `export BENCH_${upper(c.p.noun())}_ID="${r.pick(['wh', 'dep', 'job', 'key'])}_${r.int(100000, 999999)}"`,
    ])();
  const gens = [
    () => [exportLine()],
    () => [`bench ${kebab(c.p.noun())} ${c.p.verb()} ${flag()}`],
    () => [`bench ${kebab(c.p.noun())} ${c.p.verb()} \\`, `  ${flag()} \\`, `  ${flag()}`],
    () => {
      const p = r.pick(PROPS);
      return [
        `curl -sS -X POST "https://api.bench.docs.example/v1/${kebab(plural(c.p.noun()))}" \\`,
        '  -H "Authorization: Bearer $BENCH_API_KEY" \\',
        '  -H "Content-Type: application/json" \\',
        `  -d '{"${p[0]}": ${JSON.stringify(r.pick(p[2]))}, "dryRun": ${r.pick(['true', 'false'])}}'`,
      ];
    },
    () => ['for env in staging production; do', `  bench ${kebab(c.p.noun())} ${c.p.verb()} --env "$env"`, 'done'],
    () => ['if ! bench status --env staging --quiet; then', `  echo "${c.p.phrase()} failed" >&2`, '  exit 1', 'fi'],
    () => [`# ${c.p.plain()}`],
    () => [`echo "${c.p.phrase()}..."`],
    () => [`bench ${kebab(plural(c.p.noun()))} list --output json | jq '.[] | .id'`],
  ];
  const target = Math.max(n, lines.length + 1);
  let guard = 0;
  while (lines.length < target && guard++ < 200) {
    let block = r.pick(gens)();
    if (block.length > target - lines.length) block = [`# ${c.p.plain()}`];
    lines.push(...block);
  }
  return lines;
}

function jsonCode(c, n) {
  const r = c.r;
  const obj = {};
  const len = (o) => JSON.stringify(o, null, 2).split('\n').length;
  const scalar = () => {
    const free = PROPS.filter((p) => !(p[0] in obj));
    if (!free.length) return [`${camel(c.p.noun())}Id`, `${r.pick(['wh', 'dep', 'job', 'key'])}_${r.int(100000, 999999)}`];
    const p = r.pick(free);
    return [p[0], r.pick(p[2])];
  };
  const freshKey = (k) => {
    let key = k;
    for (let i = 2; key in obj; i++) key = `${k}${i}`;
    return key;
  };
  let guard = 0;
  while (len(obj) < n && guard++ < 200) {
    const remaining = n - len(obj);
    const kind = remaining >= 5 ? r.int(0, 3) : 0;
    let key;
    let value;
    if (kind === 1) {
      key = camel(c.p.noun());
      value = {};
      for (let i = r.int(2, Math.min(5, remaining - 3)); i > 0; i--) {
        const [k, v] = scalar();
        value[k] = v;
      }
    } else if (kind === 2) {
      key = camel(plural(c.p.noun()));
      value = Array.from({ length: r.int(2, Math.min(4, remaining - 3)) }, () => `${kebab(c.p.noun())}.${c.p.verb()}`);
    } else if (kind === 3) {
      key = 'metadata';
      value = { createdBy: `${r.pick(['svc', 'usr', 'app'])}_${r.int(1000, 9999)}`, labels: { team: r.pick(['platform', 'payments', 'infra', 'growth']) } };
    } else {
      [key, value] = scalar();
    }
    key = freshKey(key);
    obj[key] = value;
    if (len(obj) > n) {
      delete obj[key];
      const [k, v] = scalar();
      obj[freshKey(k)] = v;
    }
  }
  return JSON.stringify(obj, null, 2).split('\n');
}

function hclCode(c, n) {
  const r = c.r;
  const lines = [];
  if (n >= 16 && r.chance(0.6)) {
    lines.push('terraform {', '  required_providers {', '    bench = {', '      source  = "bench/bench"', `      version = "~> 2.${r.int(0, 9)}"`, '    }', '  }', '}');
  }
  /** Attributes aligned like `terraform fmt` does. */
  const attrs = (pairs, indent) => {
    const w = Math.max(...pairs.map(([k]) => k.length));
    return pairs.map(([k, v]) => `${indent}${k.padEnd(w)} = ${v}`);
  };
  const hclValue = (p) => {
    const v = r.pick(p[2]);
    return typeof v === 'string' ? `"${v}"` : String(v);
  };
  const target = Math.max(n, 10);
  const names = new Set();
  const outputs = new Set();
  const variables = new Set();
  let guard = 0;
  while (guard++ < 200) {
    const sep = lines.length ? 1 : 0;
    const remaining = target - lines.length - sep;
    if (remaining < 3) break;
    const kind = r.int(0, 3);
    const block = [];
    if (kind === 0 && remaining >= 4) {
      const p = r.pick(PROPS);
      const name = camelToSnake(p[0]);
      if (variables.has(name)) continue;
      variables.add(name);
      block.push(`variable "${name}" {`, ...attrs([['type', p[1] === 'str' ? 'string' : p[1] === 'int' ? 'number' : 'bool'], ['default', hclValue(p)]], '  '), '}');
    } else if (kind === 1 && remaining >= 3) {
      if (!names.size) continue;
      const out = `${snake(c.p.noun())}_id`;
      if (outputs.has(out)) continue;
      outputs.add(out);
      block.push(`output "${out}" {`, `  value = bench_${snake(c.noun)}.${r.pick([...names])}.id`, '}');
    } else {
      const k = Math.max(1, Math.min(r.int(2, 6), remaining - 2));
      const pairs = r.sample(PROPS, k).map((p) => [camelToSnake(p[0]), hclValue(p)]);
      let name = snake(c.p.adj());
      for (let i = 2; names.has(name); i++) name = `${snake(c.p.adj())}_${i}`;
      names.add(name);
      block.push(`resource "bench_${snake(c.noun)}" "${name}" {`, ...attrs(pairs, '  '));
      if (remaining - block.length - 1 >= 3 && r.chance(0.5)) {
        const inner = r.sample(PROPS, Math.min(r.int(1, 3), remaining - block.length - 3)).map((p) => [camelToSnake(p[0]), hclValue(p)]);
        block.push('', `  ${r.pick(['retry_policy', 'health_check', 'logging', 'timeouts', 'scaling', 'notification'])} {`, ...attrs(inner, '    '), '  }');
        if (block.length + 1 > remaining) block.splice(block.length - inner.length - 3);
      }
      block.push('}');
    }
    if (block.length > remaining) break;
    if (sep) lines.push('');
    lines.push(...block);
  }
  while (lines.length < target) lines.unshift(`# ${c.p.plain()}`);
  return lines;
}

function codeBlock(rng, prose, lang) {
  const c = new CodeCtx(rng, prose, lang);
  const n = rng.int(10, 40);
  let lines;
  if (lang === 'bash') lines = bashCode(c, n);
  else if (lang === 'json') lines = jsonCode(c, n);
  else if (lang === 'hcl') lines = hclCode(c, n);
  else lines = fnCode(lang, c, n);
  const meta = [];
  if (rng.chance(0.35)) {
    const base = lang === 'java' || lang === 'csharp' || lang === 'kotlin' || lang === 'swift' ? pascal(`${c.verb} ${c.noun}`) : lang === 'python' ? snake(`${c.verb} ${c.noun}`) : lang === 'go' ? 'main' : lang === 'hcl' ? 'main' : kebab(`${c.verb} ${c.noun}`);
    meta.push(`title="${base}.${EXT[lang]}"`);
  }
  if (rng.chance(0.25)) meta.push('showLineNumbers');
  return { lang, meta: meta.join(' '), lines };
}

// ---------------------------------------------------------------------------------------------
// Tables, lists, admonitions
// ---------------------------------------------------------------------------------------------

function table(rng, g) {
  const short = () => cap(`${g.verb3()} ${g.np()}.`);
  const yesNo = () => rng.pick(['Yes', 'No']);
  const templates = [
    {
      cols: ['Option', 'Type', 'Description', 'Default', 'Since'],
      row: () => {
        const p = g.prop();
        const v = rng.pick(p[2]);
        return [g.code(p[0]), { str: 'string', int: 'integer', bool: 'boolean' }[p[1]], short(), g.code(typeof v === 'string' ? `"${v}"` : String(v)), `v${rng.int(1, 4)}.${rng.int(0, 12)}`];
      },
    },
    {
      cols: ['Status', 'Meaning', 'Retry', 'Code', 'Notes'],
      row: () => {
        const [status, code] = rng.pick(STATUS);
        return [status, cap(`${g.adj()} ${g.noun()}`), yesNo(), g.code(code), cap(`${g.ving()} ${g.nouns()} ${g.adv()}`)];
      },
    },
    {
      cols: ['Variable', 'Description', 'Required', 'Default', 'Example'],
      row: () => [g.envCode(), short(), yesNo(), rng.pick(['None', g.code(String(rng.pick([30, 60, 3, 100])))]), g.code(rng.pick(['staging', 'eu-west-1', 'info', 'ci']))],
    },
    {
      cols: ['Feature', 'Free', 'Team', 'Enterprise', 'Notes'],
      row: () => [cap(`${g.adj()} ${g.nouns()}`), rng.pick(['No', 'Limited', String(rng.pick([1, 3, 5]))]), rng.pick(['Yes', 'Limited', String(rng.pick([10, 25, 50]))]), rng.pick(['Yes', 'Unlimited', 'Custom']), cap(`${g.nouns()} are ${g.vpp()} ${g.adv()}`)],
    },
    {
      cols: ['Command', 'Description', 'Scope', 'Since', 'Alias'],
      row: () => [g.cliCode(), short(), rng.pick(['Project', 'Organization', 'Workspace', 'Environment']), `v${rng.int(1, 4)}.${rng.int(0, 12)}`, g.code(rng.pick(['ls', 'rm', 'up', 'sync', 'get', 'new']))],
    },
  ];
  const t = rng.pick(templates);
  const ncols = rng.int(3, 5);
  const cols = t.cols.slice(0, ncols);
  const rows = Array.from({ length: rng.int(3, 8) }, () => t.row().slice(0, ncols));
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(cols), line(cols.map(() => '---')), ...rows.map(line)];
}

// ---------------------------------------------------------------------------------------------
// Corpus layout
// ---------------------------------------------------------------------------------------------

function uniqueName(rng, pool, taken, fallback) {
  const free = pool.filter((x) => !taken.has(x));
  let name = free.length ? rng.pick(free) : fallback();
  for (let i = 2; taken.has(name); i++) name = `${name.replace(/-\d+$/, '')}-${i}`;
  taken.add(name);
  return name;
}

/** Decide folders, page slugs, titles and headings (everything links may point at). */
function plan(n, rng, g) {
  const pageCount = n - 1;
  const leafTarget = Math.max(1, Math.ceil(pageCount / 8));
  const l1Count = Math.max(1, Math.ceil(Math.sqrt(leafTarget)));
  const l2PerL1 = Math.max(1, Math.ceil(leafTarget / l1Count));
  const l1Names = new Set(['api', 'sdks', 'index', 'assets']);
  const leaves = [];
  const folders = [];
  for (let i = 0; i < l1Count; i++) {
    const l1 = uniqueName(rng, L1_TOPICS, l1Names, () => kebab(`${g.adj()} ${g.noun()}`));
    folders.push({ dir: l1, label: label(l1), position: i + 1 });
    const l2Names = new Set(['index']);
    for (let j = 0; j < l2PerL1; j++) {
      const l2 = uniqueName(rng, L2_TOPICS, l2Names, () => kebab(`${g.noun()} ${rng.pick(L2_TOPICS)}`));
      folders.push({ dir: `${l1}/${l2}`, label: label(l2), position: j + 1 });
      leaves.push({ dir: `${l1}/${l2}`, l1, pages: [] });
    }
  }
  const slugs = new Set(['index']);
  const pages = [];
  for (let i = 0; i < pageCount; i++) {
    const leaf = leaves[i % leaves.length];
    let title = cap(g.pageTitle());
    for (let tries = 0; slugs.has(slugify(title).replace(/ /g, '-')) && tries < 20; tries++) title = cap(g.pageTitle());
    let slug = slugify(title);
    for (let k = 2; slugs.has(slug); k++) slug = `${slugify(title)}-${k}`;
    slugs.add(slug);
    // Headings: unique slugs within the page, so every anchor is a first occurrence.
    const seen = new Set();
    const fresh = (make) => {
      let text = make();
      for (let tries = 0; seen.has(slugify(text)) && tries < 50; tries++) text = make();
      for (let k = 2; seen.has(slugify(text)); k++) text = `${text.replace(/ \d+$/, '')} ${k}`;
      seen.add(slugify(text));
      return text;
    };
    const sections = Array.from({ length: rng.int(4, 8) }, () => ({
      h2: fresh(() => g.h2()),
      subs: Array.from({ length: rng.weighted([[0, 5], [1, 3], [2, 2]]) }, () => fresh(() => g.h3())),
    }));
    const page = {
      file: `${leaf.dir}/${slug}.md`,
      leaf: leaf.dir,
      l1: leaf.l1,
      slug,
      title,
      position: leaf.pages.length + 1,
      sections,
      anchors: sections.map((s) => slugify(s.h2)),
    };
    leaf.pages.push(page);
    pages.push(page);
  }
  return { folders, leaves: leaves.filter((l) => l.pages.length), pages };
}

function relLink(fromFile, toFile) {
  const rel = path.posix.relative(path.posix.dirname(fromFile), toFile);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** 3–6 link targets: same folder, same top-level folder, elsewhere. */
function pickTargets(rng, page, all, byLeaf, byL1) {
  const want = rng.int(3, 6);
  const chosen = new Set();
  const pools = [byLeaf.get(page.leaf), byL1.get(page.l1), all, all, all, all];
  for (const pool of pools) {
    if (chosen.size >= want) break;
    const options = pool.filter((p) => p !== page && !chosen.has(p));
    if (options.length) chosen.add(rng.pick(options));
  }
  for (let guard = 0; chosen.size < want && guard < 50; guard++) {
    const p = rng.pick(all);
    if (p !== page) chosen.add(p);
  }
  return [...chosen];
}

function linkSentence(rng, g, page, target) {
  const withAnchor = target.anchors && rng.chance(0.5);
  const i = withAnchor ? rng.int(0, target.anchors.length - 1) : -1;
  const href = relLink(page.file, target.file) + (withAnchor ? `#${target.anchors[i]}` : '');
  const text = withAnchor && rng.chance(0.5) ? target.sections[i].h2 : target.title;
  const t = [
    () => `For a step-by-step walkthrough, see [${text}](${href}).`,
    () => `The ${g.noun()} is described in more detail in [${text}](${href}).`,
    () => `If you have not ${g.vpp()} the ${g.noun()} yet, read [${text}](${href}) first.`,
    () => `See [${text}](${href}) for the full list of ${g.nouns()}.`,
    () => `This works the same way as in [${text}](${href}).`,
    () => `[${text}](${href}) explains how ${g.nouns()} ${g.verb()} ${g.np()}.`,
  ];
  return rng.pick(t)();
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

function paragraphText(sentences) {
  return sentences.join(' ');
}

function renderPage(rng, g, page, targets) {
  const budget = 590 + Math.round(((rng.next() + rng.next()) / 2) * 300);
  // Slots: every ## section and every ### subsection holds prose and maybe other blocks.
  const slots = [{ heading: null, items: [] }];
  for (const s of page.sections) {
    slots.push({ heading: `## ${s.h2}`, items: [] });
    for (const h of s.subs) slots.push({ heading: `### ${h}`, items: [] });
  }
  let fixed = 0;
  for (const s of slots) fixed += countWords(s.heading ?? '');
  const bodySlots = slots.slice(1);

  const codeCount = rng.int(3, 5);
  for (let i = 0; i < codeCount; i++) {
    const lang = rng.weighted(LANGS);
    const block = codeBlock(rng, g, lang);
    const intro = rng.pick([
      () => `The following ${LANG_NAMES[lang]} example ${g.verb3()} ${g.np()}.`,
      () => `Here is how to ${g.verb()} ${g.np()} in ${LANG_NAMES[lang]}.`,
      () => `This ${LANG_NAMES[lang]} snippet shows ${an(`${g.adj()} ${g.noun()}`)} in use.`,
      () => `A minimal ${LANG_NAMES[lang]} example looks like this.`,
    ])();
    fixed += countWords(intro);
    rng.pick(bodySlots).items.push({ kind: 'code', intro, block });
  }
  const tbl = table(rng, g);
  const tblIntro = `The following table lists ${g.adj()} ${g.nouns()} and their ${g.nouns()}.`;
  fixed += countWords(tblIntro) + tbl.reduce((s, l) => s + countWords(l.replace(/\|/g, ' ').replace(/---/g, '')), 0);
  rng.pick(bodySlots).items.push({ kind: 'table', intro: tblIntro, lines: tbl });

  const adm = rng.pick(['note', 'tip', 'warning']);
  const admText =
    adm === 'warning'
      ? `${cap(g.ving())} ${g.np()} cannot be undone. ${g.sentence()}`
      : adm === 'tip'
        ? `You can ${g.verb()} ${g.nps()} in bulk with ${g.cliCode()}. ${g.sentence()}`
        : g.sentence();
  fixed += countWords(admText);
  rng.pick(bodySlots).items.push({ kind: 'admonition', name: adm, text: admText });

  for (const s of bodySlots) {
    if (!rng.chance(0.3)) continue;
    const ordered = rng.chance(0.5);
    const intro = ordered ? rng.pick(['Complete the following steps.', 'The process has a few steps.', 'Follow these steps in order.']) : rng.pick(['Keep the following points in mind.', 'The main options are listed below.', 'A few things to check.']);
    const items = Array.from({ length: rng.int(3, 5) }, () => (ordered ? `${cap(g.verb())} ${g.np()}${rng.chance(0.5) ? ` with ${g.anyCode()}` : ''}.` : `${g.anyCode()} ${g.verb3()} ${g.np()}.`));
    fixed += countWords(intro) + items.reduce((n, x) => n + countWords(x), 0);
    s.items.push({ kind: 'list', ordered, intro, items });
  }

  const links = targets.map((t) => linkSentence(rng, g, page, t));
  fixed += links.reduce((n, l) => n + countWords(l.replace(/\]\([^)]*\)/g, ']')), 0);

  // Fill the rest of the budget with paragraphs, spread over the slots by random weights.
  let remaining = budget - fixed;
  const weights = slots.map((s) => (s.heading ? 1 + rng.next() * 2 : 0.6));
  const paragraphsBySlot = slots.map((s, i) => {
    const restW = weights.slice(i).reduce((a, b) => a + b, 0);
    const share = i === slots.length - 1 ? remaining : Math.round((remaining * weights[i]) / restW);
    const paragraphs = [];
    let spent = 0;
    do {
      const target = Math.min(Math.max(share - spent, 12), rng.int(35, 85));
      const sentences = [];
      let words = 0;
      while (words < target) {
        const sentence = g.sentence();
        sentences.push(sentence);
        words += countWords(sentence);
      }
      paragraphs.push(sentences);
      spent += words;
    } while (share - spent >= 20);
    remaining -= spent;
    return paragraphs;
  });
  // Put each link sentence into a random paragraph.
  for (const l of links) {
    const i = rng.int(0, slots.length - 1);
    const para = rng.pick(paragraphsBySlot[i]);
    para.splice(rng.int(0, para.length), 0, l);
  }

  const out = [];
  out.push('---', `title: ${page.title}`, `description: ${g.description()}`, `sidebar_position: ${page.position}`, '---', '');
  slots.forEach((s, i) => {
    if (s.heading) out.push(s.heading, '');
    const [first, ...rest] = paragraphsBySlot[i];
    out.push(paragraphText(first), '');
    const blocks = rng.shuffle([...rest.map((p) => ({ kind: 'para', p })), ...s.items]);
    for (const b of blocks) {
      if (b.kind === 'para') out.push(paragraphText(b.p), '');
      else if (b.kind === 'code') {
        out.push(b.intro, '', `\`\`\`${b.block.lang}${b.block.meta ? ` ${b.block.meta}` : ''}`, ...b.block.lines, '```', '');
      } else if (b.kind === 'table') out.push(b.intro, '', ...b.lines, '');
      else if (b.kind === 'admonition') out.push(`:::${b.name}`, '', b.text, '', ':::', '');
      else if (b.kind === 'list') {
        out.push(b.intro, '', ...b.items.map((x, k) => (b.ordered ? `${k + 1}. ${x}` : `- ${x}`)), '');
      }
    }
  });
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

function renderIndex(rng, g, firstPages) {
  const lines = [
    '---',
    'title: Bench Docs',
    'description: A synthetic documentation corpus for benchmarking docgen.',
    'sidebar_position: 1',
    '---',
    '',
    `These pages are generated to benchmark the site generator. ${g.sentence()} ${g.sentence()}`,
    '',
    '## Sections',
    '',
  ];
  if (firstPages.length) {
    lines.push('Each section below starts with one of these pages.', '');
    for (const p of firstPages) lines.push(`- [${label(p.l1)}](./${p.file})`);
    lines.push('');
  }
  lines.push(`${g.sentence()} ${g.sentence()}`);
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

function prepareOutDir(outDir) {
  const cfg = path.join(outDir, 'site.config.ts');
  const content = path.join(outDir, 'content');
  const ours = existsSync(cfg) && readFileSync(cfg, 'utf8') === SITE_CONFIG;
  if ((existsSync(cfg) || existsSync(content)) && !ours) {
    throw new Error(`${outDir} already holds a site that is not a bench corpus; refusing to overwrite it`);
  }
  // Regenerating into an existing corpus: start from an empty content/ so no stale page survives.
  if (ours) rmSync(content, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
}

/**
 * Write a corpus of `n` pages (index.md + n-1 pages) into `outDir`.
 * Returns { pages, folders, files } counts.
 */
export function writeCorpus(n, outDir, seed = 42) {
  n = Number(n);
  if (!Number.isInteger(n) || n < 1) throw new Error(`page count must be a positive integer, got ${n}`);
  const rng = new Rng(seed);
  const g = new Prose(rng);
  const { folders, pages } = plan(n, rng, g);
  const byLeaf = new Map();
  const byL1 = new Map();
  for (const p of pages) {
    if (!byLeaf.has(p.leaf)) byLeaf.set(p.leaf, []);
    if (!byL1.has(p.l1)) byL1.set(p.l1, []);
    byLeaf.get(p.leaf).push(p);
    byL1.get(p.l1).push(p);
  }
  const index = { file: 'index.md', title: 'Bench Docs', anchors: ['sections'], sections: [{ h2: 'Sections' }] };

  const files = new Map();
  files.set('site.config.ts', SITE_CONFIG);
  const docs = 'content/docs';
  const firstPages = [...byL1.values()].map((list) => list[0]);
  files.set(`${docs}/index.md`, renderIndex(rng, g, firstPages));
  for (const f of folders) {
    if (!pages.some((p) => p.file.startsWith(`${f.dir}/`))) continue;
    files.set(`${docs}/${f.dir}/_category_.json`, `${JSON.stringify({ label: f.label, position: f.position }, null, 2)}\n`);
  }
  for (const p of pages) {
    // Tiny corpora also link to the index page, and repeat targets to reach three links.
    const linkable = pages.length >= 6 ? pages : [...pages, index];
    const targets = pickTargets(rng, p, linkable, byLeaf, byL1);
    const others = linkable.filter((t) => t !== p);
    while (targets.length < 3) targets.push(rng.pick(others));
    files.set(`${docs}/${p.file}`, renderPage(rng, g, p, targets));
  }

  prepareOutDir(outDir);
  for (const [rel, text] of files) {
    const abs = path.join(outDir, ...rel.split('/'));
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  return { pages: pages.length + 1, folders: folders.length, files: files.size };
}

// ---------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  let seed = 42;
  const positional = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--seed') seed = Number(args[++i]);
    else if (a.startsWith('--seed=')) seed = Number(a.slice('--seed='.length));
    else positional.push(a);
  }
  const [count, outDir] = positional;
  if (!count || !outDir || !Number.isInteger(Number(count)) || Number(count) < 1 || !Number.isFinite(seed)) {
    console.error('usage: node test/bench/corpus.mjs N OUTDIR [--seed 42]');
    process.exit(2);
  }
  let res;
  try {
    res = writeCorpus(Number(count), path.resolve(outDir), seed);
  } catch (err) {
    console.error(`corpus: ${err.message}`);
    process.exit(1);
  }
  console.log(`wrote ${res.pages} pages, ${res.folders} folders (${res.files} files) to ${outDir} (seed ${seed})`);
}
