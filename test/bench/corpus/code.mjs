// Fenced code blocks: the identifiers one block shares (CodeCtx), the shell, JSON and Terraform
// generators, and codeBlock(), which picks the generator for a language.
import { fnCode } from './code-functions.mjs';
import { PROPS, camel, camelToSnake, kebab, pascal, plural, snake, upper } from './words.mjs';

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

export function codeBlock(rng, prose, lang) {
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
