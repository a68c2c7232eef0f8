/**
 * The parts of an Oniguruma pattern's syntax tree that its required strings are read from
 * (literals.ts), in the shape oniguruma-parser gives them: its characters, groups, quantifiers
 * and lookarounds. Anything else is `Other`.
 */
export type PatternElement =
  | { type: 'Character'; value: number }
  | { type: 'CapturingGroup' | 'Group'; body: PatternAlternative[] }
  | { type: 'Quantifier'; min: number; body: PatternElement }
  | { type: 'LookaroundAssertion'; kind: 'lookahead' | 'lookbehind'; negate: boolean; body: PatternAlternative[] }
  | { type: 'Other' };

export interface PatternAlternative {
  body: PatternElement[];
}

/** Escapes that stand for one of a set of characters (quantifiable) or for a position (not). */
const SETS = new Set(['s', 'S', 'w', 'W', 'd', 'D', 'h', 'H']);
const POSITIONS = new Set(['b', 'B', 'A', 'z', 'Z', 'G']);
/** Letter escapes that stand for one control character. */
const CONTROLS: Record<string, number> = { t: 9, n: 10, r: 13, f: 12, a: 7, e: 27 };
const INTERVAL = /\{(\d+)(?:(,)(\d*))?\}/y;
const MAX_REPEAT = 100_000;

/** Group options that turn case-insensitive matching on: `(?i)`, `(?mi:`, `(?i-x)`. */
const CASELESS_OPTIONS = /\(\?[A-Za-z]*i[A-Za-z]*(?:-[A-Za-z]*)?[:)]/y;
const HEX = /x(?:([0-9A-Fa-f]{1,2})|\{([0-9A-Fa-f]{1,8})\})|u([0-9A-Fa-f]{4})/y;
/** A backreference or call to a numbered group or a named one (`\10` might be an octal escape: left to the parser). */
const REFERENCE = /[1-9](?!\d)|[kg]<\w+>/y;

/** Thrown where the quick reader leaves a pattern to the full parser. */
const UNSURE = Symbol('unsure');
/** Thrown where a group's options make the pattern case-insensitive: nothing is certain then. */
const CASELESS = Symbol('caseless');

/**
 * The tree of a pattern written in the syntax most grammar patterns use: characters, escaped
 * punctuation and code points, classes, `.`, `^`, `$`, `\s`-like sets and `\b`-like assertions,
 * capturing, non-capturing and atomic groups, lookarounds, backreferences and calls, and the
 * quantifiers `?`, `*`, `+` and `{n,m}`. Undefined for anything else (option groups, named
 * groups, `\p`, byte escapes, comments, absence, conditionals, and whatever is malformed), which
 * oniguruma-parser then reads: a full parser, several times slower, and a highlighter reads
 * hundreds of patterns as it starts.
 */
export function quickTree(pattern: string): PatternAlternative[] | 'caseless' | undefined {
  const reader = new Reader(pattern);
  try {
    const tree = reader.alternatives();
    return reader.at < pattern.length ? undefined : tree;
  } catch (err) {
    // Anything else (a nesting too deep for the stack) is the parser's to judge too.
    return err === CASELESS ? 'caseless' : undefined;
  }
}

class Reader {
  at = 0;
  constructor(private readonly s: string) {}

  alternatives(): PatternAlternative[] {
    const list = [this.sequence()];
    while (this.s[this.at] === '|') {
      this.at++;
      list.push(this.sequence());
    }
    return list;
  }

  private sequence(): PatternAlternative {
    const body: PatternElement[] = [];
    for (let c = this.s[this.at]; c !== undefined && c !== '|' && c !== ')'; c = this.s[this.at]) {
      const { element, quantifiable } = this.atom(c);
      body.push(quantifiable ? this.quantified(element) : element);
      if (!quantifiable && '*+?{'.includes(this.s[this.at] ?? '|')) throw UNSURE;
    }
    return { body };
  }

  private atom(c: string): { element: PatternElement; quantifiable: boolean } {
    switch (c) {
      case '(':
        return this.group();
      case '[':
        this.skipClass();
        return { element: { type: 'Other' }, quantifiable: true };
      case '\\':
        return this.escape();
      case '.':
        this.at++;
        return { element: { type: 'Other' }, quantifiable: true };
      case '^':
      case '$':
        this.at++;
        return { element: { type: 'Other' }, quantifiable: false };
      case '*':
      case '+':
      case '?':
      case '{':
        throw UNSURE;
      default: {
        const value = this.s.codePointAt(this.at)!;
        this.at += value > 0xffff ? 2 : 1;
        return { element: { type: 'Character', value }, quantifiable: true };
      }
    }
  }

  private group(): { element: PatternElement; quantifiable: boolean } {
    const s = this.s;
    let element: PatternElement;
    if (s[this.at + 1] !== '?') {
      this.at++;
      element = { type: 'CapturingGroup', body: [] };
    } else if (s[this.at + 2] === ':' || s[this.at + 2] === '>') {
      this.at += 3;
      element = { type: 'Group', body: [] };
    } else if (s[this.at + 2] === '=' || s[this.at + 2] === '!') {
      element = { type: 'LookaroundAssertion', kind: 'lookahead', negate: s[this.at + 2] === '!', body: [] };
      this.at += 3;
    } else if (s[this.at + 2] === '<' && (s[this.at + 3] === '=' || s[this.at + 3] === '!')) {
      element = { type: 'LookaroundAssertion', kind: 'lookbehind', negate: s[this.at + 3] === '!', body: [] };
      this.at += 4;
    } else {
      CASELESS_OPTIONS.lastIndex = this.at;
      throw CASELESS_OPTIONS.test(s) ? CASELESS : UNSURE;
    }
    element.body = this.alternatives();
    if (s[this.at] !== ')') throw UNSURE;
    this.at++;
    return { element, quantifiable: element.type !== 'LookaroundAssertion' };
  }

  private escape(): { element: PatternElement; quantifiable: boolean } {
    const next = this.s[this.at + 1];
    if (next === undefined) throw UNSURE;
    if (SETS.has(next) || POSITIONS.has(next)) {
      this.at += 2;
      return { element: { type: 'Other' }, quantifiable: SETS.has(next) };
    }
    if (next in CONTROLS) {
      this.at += 2;
      return { element: { type: 'Character', value: CONTROLS[next] }, quantifiable: true };
    }
    HEX.lastIndex = this.at + 1;
    const hex = HEX.exec(this.s);
    if (hex) {
      const value = parseInt(hex[1] ?? hex[2] ?? hex[3], 16);
      // `\xHH` above 7F is a byte of the pattern's UTF-8, not a code point.
      if ((hex[1] && value > 0x7f) || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) throw UNSURE;
      this.at = HEX.lastIndex;
      return { element: { type: 'Character', value }, quantifiable: true };
    }
    REFERENCE.lastIndex = this.at + 1;
    if (REFERENCE.test(this.s)) {
      this.at = REFERENCE.lastIndex;
      return { element: { type: 'Other' }, quantifiable: true };
    }
    if (/[A-Za-z0-9]/.test(next)) throw UNSURE;
    const value = this.s.codePointAt(this.at + 1)!;
    this.at += value > 0xffff ? 3 : 2;
    return { element: { type: 'Character', value }, quantifiable: true };
  }

  /** Past a bracketed class, nested classes and escapes in it included. */
  private skipClass(): void {
    const s = this.s;
    this.at++;
    if (s[this.at] === '^') this.at++;
    // A `]` first in the class is one of its characters.
    if (s[this.at] === ']') this.at++;
    for (let depth = 1; depth > 0; ) {
      const c = s[this.at];
      if (c === undefined) throw UNSURE;
      this.at += c === '\\' ? 2 : 1;
      if (c === '[') depth++;
      else if (c === ']') depth--;
    }
  }

  /** The element with the quantifier that follows it, if any: `?`, `*`, `+` (each maybe lazy or possessive) or `{n}`, `{n,}`, `{n,m}`. */
  private quantified(element: PatternElement): PatternElement {
    const s = this.s;
    const c = s[this.at];
    let min: number;
    if (c === '?' || c === '*' || c === '+') {
      min = c === '+' ? 1 : 0;
      this.at++;
      if (s[this.at] === '?' || s[this.at] === '+') this.at++;
    } else if (c === '{') {
      INTERVAL.lastIndex = this.at;
      const m = INTERVAL.exec(s);
      if (!m) throw UNSURE;
      min = Number(m[1]);
      const max = m[2] ? (m[3] ? Number(m[3]) : 0) : min;
      // Bounds Oniguruma refuses are the parser's to refuse.
      if (min > MAX_REPEAT || max > MAX_REPEAT || (m[3] && max < min)) throw UNSURE;
      this.at = INTERVAL.lastIndex;
      if (s[this.at] === '?' || s[this.at] === '+') throw UNSURE;
    } else return element;
    if ('*+?{'.includes(s[this.at] ?? '|')) throw UNSURE;
    return { type: 'Quantifier', min, body: element };
  }
}
