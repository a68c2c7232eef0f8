import { bundledLanguages } from 'shiki';
import { describe, expect, it } from 'vitest';
import { parsedLiterals, requiredLiterals } from '../../../generator/markdown/literals.ts';
import { quickTree } from '../../../generator/markdown/pattern-tree.ts';

/** Every expression of a TextMate grammar: `match`, `begin`, `end` and `while`. */
function expressions(grammar: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(grammar)) grammar.forEach((g) => expressions(g, into));
  else if (grammar && typeof grammar === 'object') {
    for (const [key, value] of Object.entries(grammar)) {
      if (['match', 'begin', 'end', 'while'].includes(key) && typeof value === 'string') into.add(value);
      else expressions(value, into);
    }
  }
  return into;
}

/** The languages of the site's and the bench corpus's code blocks, and a few more with unusual expressions. */
const LANGUAGES = ['javascript', 'typescript', 'jsx', 'json', 'shellscript', 'python', 'java', 'csharp', 'go', 'kotlin', 'swift', 'hcl', 'xml', 'html', 'css', 'sql', 'http', 'objective-c', 'yaml', 'ruby', 'rust', 'php', 'cpp', 'markdown'] as const;

describe('quickTree', () => {
  it('gives the required strings oniguruma-parser gives, for every expression of the grammars it reads', async () => {
    const all = new Set<string>();
    for (const lang of LANGUAGES) expressions((await bundledLanguages[lang]()).default, all);
    let read = 0;
    let readChars = 0;
    let chars = 0;
    const differ: string[] = [];
    for (const pattern of all) {
      chars += pattern.length;
      if (quickTree(pattern) === undefined) continue;
      read++;
      readChars += pattern.length;
      if (JSON.stringify(requiredLiterals(pattern)) !== JSON.stringify(parsedLiterals(pattern))) differ.push(pattern);
    }
    expect(differ).toEqual([]);
    expect(all.size).toBeGreaterThan(3000);
    // What the quick reader leaves to the parser is what keeps the highlighter's start slow.
    expect(read / all.size).toBeGreaterThan(0.9);
    expect(readChars / chars).toBeGreaterThan(0.85);
  }, 60_000);

  it.each([
    ['a class whose first character is `]`', '[]a]b', ['b']],
    ['a `]` outside a class', 'f\\[]', ['f[]']],
    ['a class in a class', '[a[b-c]]xy', ['xy']],
    ['escaped code points', '\\x41\\x{42}\\u0043', ['ABC']],
    ['control escapes', 'a\\tb', ['a\tb']],
    ['an atomic group', '(?>ab|cd)', ['ab', 'cd']],
    ['a possessive and a lazy quantifier', 'a++b*?', ['a']],
    ['a {n,m} quantifier', '(?:xy){2,3}z?', ['xy']],
    ['a numbered backreference', '(["\'])x\\1', ['x']],
    ['a subroutine call', '(a)\\g<1>bc', ['bc']],
  ])('reads %s as the parser does', (_, pattern, expected) => {
    expect(requiredLiterals(pattern)).toEqual(expected);
    expect(parsedLiterals(pattern)).toEqual(expected);
  });

  it.each([
    ['options other than case', '(?x) a b'],
    ['a named group', '(?<name>a)b'],
    ['a comment', 'a(?#note)b'],
    ['an absence operator', '(?~ab)'],
    ['a conditional', '(a)?(?(1)b|c)'],
    ['a Unicode property', '\\p{Alpha}+x'],
    ['an interval that may be read two ways', 'a{2}?b'],
    ['a quantifier with nothing before it', '*a'],
    ['a quantified assertion', '^*a'],
    ['an unclosed group', '(ab'],
    ['an unopened group', 'ab)'],
    ['an unclosed class', '[ab'],
    ['a trailing backslash', 'ab\\'],
    ['a byte escape', '\\xE9ab'],
    ['a code point beyond Unicode', 'a\\x{110000}'],
    ['an interval whose bounds are reversed', 'ab{3,1}'],
    ['a two-digit backreference, maybe an octal escape', '(a)\\12bc'],
  ])('leaves %s to the parser', (_, pattern) => {
    expect(quickTree(pattern)).toBeUndefined();
    expect(requiredLiterals(pattern)).toEqual(parsedLiterals(pattern));
  });

  it('leaves a nesting too deep for the stack to the parser, which does not take it either', () => {
    const deep = `${'('.repeat(100_000)}a${')'.repeat(100_000)}`;
    expect(quickTree(deep)).toBeUndefined();
    expect(requiredLiterals(deep)).toBeUndefined();
  });

  it.each(['(?i)select', 'x(?i:from)', '(?mi-x)a', 'a(?:b|(?i)c)'])('knows %s is case-insensitive, so nothing is certain', (pattern) => {
    expect(quickTree(pattern)).toBe('caseless');
    expect(requiredLiterals(pattern)).toBeUndefined();
    expect(parsedLiterals(pattern)).toBeUndefined();
  });
});
