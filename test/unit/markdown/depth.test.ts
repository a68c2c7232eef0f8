import { describe, expect, it } from 'vitest';
import { checkNesting, MAX_NESTING } from '../../../generator/markdown/depth.ts';
import { MarkdownError } from '../../../generator/errors.ts';

const lists = (n: number, indent = '  ') => Array.from({ length: n }, (_, i) => `${indent.repeat(i)}- item ${i + 1}`).join('\n');

function failure(body: string, bodyLine = 1): MarkdownError | undefined {
  try {
    checkNesting(body, 'content/docs/deep.md', bodyLine);
    return undefined;
  } catch (err) {
    return err as MarkdownError;
  }
}

describe('checkNesting', () => {
  it('accepts nesting up to the limit, in lists, quotes and both', () => {
    expect(failure(lists(MAX_NESTING))).toBeUndefined();
    expect(failure(`${'>'.repeat(MAX_NESTING)} deep`)).toBeUndefined();
    expect(failure(`${'> - '.repeat(MAX_NESTING / 2)}x`)).toBeUndefined();
    expect(failure(lists(MAX_NESTING, '   ').replace(/- /g, '1. '))).toBeUndefined();
  });

  it('names the line and column where lists go one level too deep', () => {
    const err = failure(`intro\n\n${lists(MAX_NESTING + 20)}`, 4)!;
    expect(err).toBeInstanceOf(MarkdownError);
    expect(err.message).toBe(`lists and block quotes nested more than ${MAX_NESTING} levels deep`);
    // Body line 3 + item 101 (index 100) → source line 4 + 2 + 100.
    expect(err.location).toEqual({ file: 'content/docs/deep.md', line: 106, column: 2 * MAX_NESTING + 1 });
    expect(err.hint).toMatch(/flatten/);
  });

  it('counts quotes, markers on one line, and quotes holding lists', () => {
    expect(failure(`${'>'.repeat(5000)} deep`)?.location).toEqual({ file: 'content/docs/deep.md', line: 1, column: MAX_NESTING + 1 });
    expect(failure(`${'- '.repeat(MAX_NESTING + 1)}x`)?.location?.line).toBe(1);
    expect(failure(`${'> - '.repeat(MAX_NESTING)}x`)?.location?.line).toBe(1);
    const quotedLists = Array.from({ length: MAX_NESTING + 1 }, (_, i) => `> ${'  '.repeat(i)}- x`).join('\n');
    // Line n holds a quote and n lists.
    expect(failure(quotedLists)?.location?.line).toBe(MAX_NESTING);
  });

  it('does not count what only looks nested: long flat lists and quotes, fenced and indented code, breaks', () => {
    expect(failure(Array.from({ length: 5000 }, () => '- item').join('\n'))).toBeUndefined();
    expect(failure(Array.from({ length: 5000 }, () => '> - item').join('\n'))).toBeUndefined();
    expect(failure(Array.from({ length: 500 }, (_, i) => `- a\n  - b\n    - c\n\nparagraph ${i}\n`).join('\n'))).toBeUndefined();
    const deepText = lists(MAX_NESTING + 50);
    expect(failure(`\`\`\`text\n${deepText}\n\`\`\``)).toBeUndefined();
    expect(failure(`- item\n\n  ~~~~\n${deepText.replace(/^/gm, '  ')}\n  ~~~~\n`)).toBeUndefined();
    expect(failure(`para\n\n    ${'>'.repeat(500)}`)).toBeUndefined();
    expect(failure(Array.from({ length: 500 }, () => '* * *').join('\n'))).toBeUndefined();
  });

  it('ends a fence with the list item holding it, so the nesting after it still counts', () => {
    const err = failure(`- \`\`\`\n  code\nafter\n${'- '.repeat(MAX_NESTING + 1)}x`);
    expect(err?.location?.line).toBe(4);
  });

  // Quadratic work on these would take minutes; the bound leaves room for a loaded machine.
  it('stays linear on large input', () => {
    const start = performance.now();
    expect(failure(`${'>'.repeat(2_000_000)}`)).toBeDefined();
    expect(failure(lists(3000))).toBeDefined();
    expect(failure(Array.from({ length: 200_000 }, (_, i) => (i % 3 ? '  - nested item with text' : '- item')).join('\n'))).toBeUndefined();
    expect(performance.now() - start).toBeLessThan(10_000);
  });
});
