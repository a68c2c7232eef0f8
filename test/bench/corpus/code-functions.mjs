// Function-shaped code examples (JavaScript, TypeScript, Python, Java, C#, Go, Kotlin, Swift):
// a per-language header, a body of statements drawn from templates, and a footer.
import { PROPS, camel, camelToPascal, camelToSnake, cap, pascal, snake } from './words.mjs';

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
export function fnCode(lang, c, n) {
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
