import { describe, expect, it } from 'vitest';
import { requiredLiterals } from '../../../generator/markdown/literals.ts';

describe('requiredLiterals', () => {
  it.each([
    ['a run of characters', '\\bimport\\b', ['import']],
    ['escaped punctuation and code points', '\\(\\x{41}', ['(A']],
    ['the most selective part of a sequence', '(@)see\\s+', ['see']],
    ['one string of each alternative', '\\b(break|continue)\\b', ['break', 'continue']],
    ['what a repeated element needs at least once', '(?:ab)+c?', ['ab']],
    ['what a positive lookahead needs ahead', '[a-z]+(?=\\s*\\()', ['(']],
    ['the characters before an optional one', 'abc?', ['ab']],
  ])('finds %s', (_, pattern, expected) => {
    expect(requiredLiterals(pattern)?.sort()).toEqual(expected.sort());
  });

  it.each([
    ['an optional element', '(?:foo)?[a-z]'],
    ['a {0,n} repetition', 'x{0,3}'],
    ['a star', '(?:foo)*'],
    ['classes and sets only', '[a-z]\\w+\\s*'],
    ['an empty alternative', '(?:foo|)'],
    ['one alternative that needs nothing', 'foo|[0-9]+'],
    ['a case-insensitive pattern', '(?i)select'],
    ['a case-insensitive group', 'x(?i:from)'],
    ['a negative lookahead', '[a-z]+(?!\\()'],
    ['a lookbehind', '(?<=\\.)[a-z]+'],
    ['a backreference', '(["\'])\\1'],
    ['too many alternatives to look for', '\\b(a1|a2|a3|a4|a5|a6|a7|a8|a9)\\b'],
    ['a pattern the parser does not take', '(?<name'],
  ])('finds nothing certain in %s', (_, pattern) => {
    expect(requiredLiterals(pattern)).toBeUndefined();
  });
});
