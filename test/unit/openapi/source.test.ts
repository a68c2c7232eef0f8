import { describe, expect, it } from 'vitest';
import { YamlSource } from '../../../generator/openapi/source.ts';

const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as { message: string; location?: { line?: number; column?: number } };
  }
  throw new Error('expected an error');
};

describe('YamlSource', () => {
  it('reads YAML 1.2: yes, no, on and 0777 stay what 1.2 says they are', () => {
    const source = new YamlSource('api.yaml', 'a: yes\nb: no\nc: on\nd: 0777\ne: 0o17\nf: 2024-01-01\ng: ~\n');
    expect(source.value).toEqual({ a: 'yes', b: 'no', c: 'on', d: 777, e: 15, f: '2024-01-01', g: null });
  });

  it('reports a duplicate key at its line', () => {
    const err = thrown(() => new YamlSource('api.yaml', 'info:\n  title: A\n  title: B\n'));
    expect(err.message).toMatch(/invalid YAML: .*unique/i);
    expect(err.location).toMatchObject({ line: 3 });
  });

  it('reports a syntax error at its line', () => {
    const err = thrown(() => new YamlSource('api.yaml', 'info:\n  title: "A\npaths: {}\n'));
    expect(err.message).toMatch(/^invalid YAML/);
    expect(err.location?.line).toBeGreaterThan(1);
  });

  it('expands aliases, with a limit that stops a document built to explode', () => {
    expect(new YamlSource('api.yaml', 'a: &x { b: 1 }\nc: *x\n').value).toEqual({ a: { b: 1 }, c: { b: 1 } });
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) levels.push(`${'abcdefghij'[i]}: &${'abcdefghij'[i]} [${Array(10).fill(`*${'abcdefghij'[i - 1]}`).join(', ')}]`);
    const started = Date.now();
    expect(thrown(() => new YamlSource('api.yaml', `${levels.join('\n')}\n`)).message).toMatch(/alias/i);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('finds the place of a path only when asked, keys and indexes alike', () => {
    const source = new YamlSource('api.yaml', 'paths:\n  /tokens:\n    post:\n      tags: [a, b]\n');
    expect(source.place(['paths', '/tokens', 'post'])).toEqual({ line: 3, column: 5 });
    expect(source.place(['paths', '/tokens', 'post', 'tags', 1])).toEqual({ line: 4, column: 17 });
  });
});

describe('YamlSource aliases', () => {
  it('keeps the aliases a description uses (an enum written once), as separate values', () => {
    const source = new YamlSource('api.yaml', 'a:\n  enum: &kinds [card, bank]\nb:\n  enum: *kinds\n');
    const value = source.value as { a: { enum: string[] }; b: { enum: string[] } };
    expect(value.b.enum).toEqual(['card', 'bank']);
    expect(value.b.enum).not.toBe(value.a.enum);
  });

  it('refuses an alias inside the node it names with an error at its line, not a crash', () => {
    const err = thrown(() => new YamlSource('api.yaml', 'info:\n  title: A\na: &a\n  b: *a\n'));
    expect(err.message).toBe('invalid YAML: the alias *a is inside the node it names');
    expect(err.location).toMatchObject({ line: 4, column: 6 });
  });
});
