import type { PatternScanner, RegexEngine, RegexEngineString } from 'shiki';
import { requiredLiterals } from './literals.ts';

type Match = NonNullable<ReturnType<PatternScanner['findNextMatchSync']>>;

interface EngineOptions {
  /**
   * A pattern's required strings are worked out at its this-many-th search (0: never). Parsing
   * a pattern costs about as much as a hundred searches; most of a site's patterns are searched
   * a few times, the ones that matter thousands of times. Default 64.
   */
  literalsAfter?: number;
}

const LITERALS_AFTER = 64;

/** One pattern compiled once, with the last search made with it (as vscode-oniguruma keeps per pattern). */
interface Pattern {
  scanner: PatternScanner;
  /** `\G` matches at the search's start, so a search from elsewhere cannot reuse the result. */
  anchored: boolean;
  source: string;
  /** Searches left before its required strings are worked out (see EngineOptions). */
  untilLiterals: number;
  /** Strings every match contains one of (literals.ts): a line without them needs no search. */
  required?: string[];
  string?: RegexEngineString;
  options: number;
  from: number;
  result: Match | null;
}

/**
 * A regex engine whose scanners share their compiled patterns. A TextMate grammar compiles one
 * scanner per rule (and per anchor variant), each holding every pattern the rule can reach, so
 * the same expressions are compiled over and over: highlighting the bench corpus compiled ~10,000
 * patterns of which ~1,000 differ, and compiling was most of the highlighter's first use of each
 * language. Here each distinct pattern is compiled once, as a scanner of its own, and a rule's
 * scanner searches its patterns one by one, as vscode-oniguruma's own scanner does for long
 * lines: the match that starts first wins, the earlier pattern on a tie, and a pattern's last
 * result on a line is reused while it still lies ahead. So the matches are the ones the engine's
 * own scanners give.
 *
 * Most searches find nothing: a rule's patterns are mostly keywords and punctuation its line
 * does not hold. A pattern searched often has the strings one of which each of its matches
 * contains worked out (literals.ts), and a line that holds none of them from the search's start
 * on is not searched: no match, as Oniguruma would have found.
 */
export function sharedPatternEngine(engine: RegexEngine, { literalsAfter = LITERALS_AFTER }: EngineOptions = {}): RegexEngine {
  const compiled = new Map<string, Pattern>();
  const pattern = (source: string): Pattern => {
    let p = compiled.get(source);
    if (!p) {
      // Every field from the start: one shape for all patterns, searched by code V8 optimizes for it.
      p = { scanner: engine.createScanner([source]), anchored: source.includes('\\G'), source, untilLiterals: literalsAfter, required: undefined, string: undefined, options: 0, from: 0, result: null };
      compiled.set(source, p);
    }
    return p;
  };
  return {
    createString: (s) => engine.createString(s),
    createScanner(sources) {
      const patterns = sources.map((s) => pattern(typeof s === 'string' ? s : s.source));
      return {
        findNextMatchSync(string, from, options) {
          if (typeof string !== 'string') return firstMatch(patterns, string, from, Number(options));
          const onig = engine.createString(string);
          try {
            return firstMatch(patterns, onig, from, Number(options));
          } finally {
            onig.dispose?.();
          }
        },
      };
    },
  };
}

function search(p: Pattern, string: RegexEngineString, from: number, options: number): Match | null {
  if (!p.anchored && p.string === string && p.options === options && p.from <= from && (p.result === null || p.result.captureIndices[0].start >= from)) return p.result;
  if (p.untilLiterals > 0 && --p.untilLiterals === 0) p.required = requiredLiterals(p.source);
  const result = p.required && lacks(string.content, p.required, from) ? null : p.scanner.findNextMatchSync(string, from, options);
  if (!p.anchored) {
    p.string = string;
    p.options = options;
    p.from = from;
    p.result = result;
  }
  return result;
}

/** Whether `line` holds none of `strings` from `from` on. */
function lacks(line: string, strings: string[], from: number): boolean {
  for (const s of strings) if (line.includes(s, from)) return false;
  return true;
}

/** The match that starts first, the earlier pattern's on a tie; its index is the pattern's place in the list. */
function firstMatch(patterns: Pattern[], string: RegexEngineString, from: number, options: number): Match | null {
  let best: Match | null = null;
  let index = -1;
  for (let i = 0; i < patterns.length; i++) {
    const result = search(patterns[i], string, from, options);
    if (!result?.captureIndices.length) continue;
    if (!best || result.captureIndices[0].start < best.captureIndices[0].start) {
      best = result;
      index = i;
    }
    if (best.captureIndices[0].start === from) break;
  }
  return best && { index, captureIndices: best.captureIndices };
}
