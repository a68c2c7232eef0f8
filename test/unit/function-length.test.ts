import { describe, expect, it } from 'vitest';
import { functionSizes } from '../function-length.ts';
import { REPO } from '../helpers.ts';

/** The team's guide: functions under about 60 lines. */
const MAX_LINES = 60;
const FOLDERS = ['bin', 'generator', 'theme', 'common'];

/**
 * Functions still longer than MAX_LINES, as `file › name` (see FunctionSize.name), until they are
 * split. The list only shrinks: an entry whose function is short enough again (or gone) fails too.
 */
const ALLOWED = new Set<string>([
]);

const key = (f: { file: string; name: string }) => `${f.file} › ${f.name}`;

describe('function length', () => {
  const sizes = functionSizes(REPO, FOLDERS);

  it('reads the source: finds functions in every folder that exists', () => {
    expect(sizes.length).toBeGreaterThan(100);
    for (const folder of ['bin', 'generator', 'theme']) expect(sizes.some((f) => f.file.startsWith(`${folder}/`))).toBe(true);
  });

  it(`has no function longer than ${MAX_LINES} lines outside the allow-list`, () => {
    const long = sizes.filter((f) => f.lines > MAX_LINES && !ALLOWED.has(key(f)));
    expect(long.map((f) => `${key(f)}: line ${f.line}, ${f.lines} lines`)).toEqual([]);
  });

  it('has no allow-list entry that is not over the limit any more', () => {
    const over = new Set(sizes.filter((f) => f.lines > MAX_LINES).map(key));
    expect([...ALLOWED].filter((k) => !over.has(k))).toEqual([]);
  });
});

describe('functionSizes', () => {
  it('measures declarations, methods, arrows and function expressions, nested ones on their own', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const root = mkdtempSync(path.join(os.tmpdir(), 'docgen-function-length-'));
    mkdirSync(path.join(root, 'src'));
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    writeFileSync(
      path.join(root, 'src', 'a.tsx'),
      [
        `export function outer() {\n${body(3)}\n  const inner = () => {\n${body(2)}\n  };\n  return inner;\n}`,
        `class C {\n  method() {\n${body(1)}\n  }\n}`,
        `const f = function () {\n${body(4)}\n};`,
        `items.map((x) => {\n${body(5)}\n});`,
      ].join('\n'),
    );
    const got = functionSizes(root, ['src', 'missing']).map((f) => [f.name, f.line, f.lines]);
    expect(got).toEqual([
      ['outer', 1, 10],
      ['items.map(…) callback', 22, 7],
      ['f', 16, 6],
      ['outer › inner', 5, 4],
      ['C › method', 12, 3],
    ]);
  });
});
