import { parse, type Node } from 'oniguruma-parser/parser';
import { quickTree, type PatternAlternative, type PatternElement } from './pattern-tree.ts';

/** More strings than this cost more to look for than the search they would spare. */
const MAX_STRINGS = 8;

type Required = string[] | null;

/**
 * Strings of which every match of an Oniguruma `pattern` has one at or after its start: in the
 * text it consumes or in what a lookahead requires ahead of it. Undefined when nothing is
 * certain (a case-insensitive part, a pattern the parser does not take, nothing but classes and
 * assertions). A line that holds none of them from a search's start on has no match there.
 */
export function requiredLiterals(pattern: string): string[] | undefined {
  const tree = quickTree(pattern);
  if (tree === 'caseless') return undefined;
  return tree ? (ofAlternatives(tree) ?? undefined) : parsedLiterals(pattern);
}

/** The same, read by oniguruma-parser, which takes every pattern Oniguruma does. */
export function parsedLiterals(pattern: string): string[] | undefined {
  let ast;
  try {
    ast = parse(pattern, { skipBackrefValidation: true, skipLookbehindValidation: true, skipPropertyNameValidation: true });
  } catch {
    return undefined;
  }
  if (ast.flags.ignoreCase || ignoresCase(ast)) return undefined;
  // Its nodes have the fields read here, in the shapes pattern-tree.ts declares.
  return ofAlternatives(ast.body as unknown as PatternAlternative[]) ?? undefined;
}

/** Whether a group or a directive anywhere in the tree turns case-insensitive matching on. */
function ignoresCase(node: Node): boolean {
  if ((node.type === 'Group' || node.type === 'Directive') && node.flags?.enable?.ignoreCase) return true;
  const body = 'body' in node ? node.body : undefined;
  if (Array.isArray(body)) return body.some((child: Node) => ignoresCase(child));
  return body !== undefined && ignoresCase(body);
}

/** One of the alternatives matches: each must require something, and any of it will do. */
function ofAlternatives(alternatives: PatternAlternative[]): Required {
  const all = new Set<string>();
  for (const alternative of alternatives) {
    const strings = ofSequence(alternative);
    if (!strings) return null;
    for (const s of strings) all.add(s);
  }
  return all.size > 0 && all.size <= MAX_STRINGS ? [...all] : null;
}

/**
 * Everything in a sequence matches, so what any one element requires is required; the most
 * selective is kept. Adjacent characters make one string (an assertion between them ends it).
 */
function ofSequence(alternative: PatternAlternative): Required {
  let best: Required = null;
  let run = '';
  const consider = (strings: Required) => {
    if (strings && (!best || better(strings, best))) best = strings;
  };
  for (const element of alternative.body) {
    if (element.type === 'Character') {
      run += String.fromCodePoint(element.value);
      continue;
    }
    if (run) consider([run]);
    run = '';
    consider(ofElement(element));
  }
  if (run) consider([run]);
  return best;
}

function ofElement(node: PatternElement): Required {
  switch (node.type) {
    case 'Character':
      return [String.fromCodePoint(node.value)];
    case 'CapturingGroup':
    case 'Group':
      return ofAlternatives(node.body);
    case 'Quantifier':
      return node.min > 0 ? ofElement(node.body) : null;
    case 'LookaroundAssertion':
      // What a lookahead sees lies after the match's start, so from the search's start on too.
      return node.kind === 'lookahead' && !node.negate ? ofAlternatives(node.body) : null;
    default:
      // Classes, sets, assertions, lookbehinds, negative lookaheads, backreferences, subroutines:
      // nothing certain.
      return null;
  }
}

/** The shortest string is what a search for them can rely on; fewer strings cost fewer looks. */
function better(a: string[], b: string[]): boolean {
  const shortest = (s: string[]) => Math.min(...s.map((x) => x.length));
  return shortest(a) > shortest(b) || (shortest(a) === shortest(b) && a.length < b.length);
}
