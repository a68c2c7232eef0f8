import { applyColorReplacements, isPlainLang, resolveColorReplacements, splitLines, type BundledLanguage, type BundledTheme, type HighlighterGeneric, type ThemedToken } from 'shiki';

type Highlighter = HighlighterGeneric<BundledLanguage, BundledTheme>;
type Grammar = ReturnType<Highlighter['getLanguage']>;
type StateStack = Parameters<Grammar['tokenizeLine2']>[1];

/** The parts of a TextMate rule stack and scope list that tokenizing the next line depends on. */
interface ScopeFrame {
  parent: ScopeFrame | null;
  scopePath: { scopeName: string };
  tokenAttributes: number;
}
interface StateFrame {
  parent: StateFrame | null;
  ruleId: number;
  endRule: string | null;
  beginRuleCapturedEOL: boolean;
  nameScopesList: ScopeFrame | null;
  contentNameScopesList: ScopeFrame | null;
}

/** One line's tokens with their colours resolved, and the rule stack the line ends in. */
interface LineResult {
  tokens: { content: string; color: string; fontStyle: number }[];
  end: StateStack;
}

/**
 * Tokenizing a line depends only on its text and the rule stack it starts in, so a line seen
 * before in the same state is not tokenized again: code blocks repeat most of their lines
 * (imports, braces, flags, shell prompts) across a site. States are interned to small numbers
 * by their structure (more than vscode-textmate's own `equals` compares), so equal states from
 * different blocks share entries. The lines used most stay (least recently used dropped first):
 * a few thousand short lines make most of the repeats. Not run data: the result is a pure
 * function of the key.
 */
const MAX_LINES = 10_000;
const lines = new Map<string, LineResult>();
const ids = new Map<string, number>();
const stateIds = new WeakMap<object, number>();
const scopeIds = new WeakMap<object, number>();

function intern(key: string): number {
  let id = ids.get(key);
  if (id === undefined) ids.set(key, (id = ids.size + 1));
  return id;
}

function scopeId(scope: ScopeFrame | null): number {
  if (!scope) return 0;
  let id = scopeIds.get(scope);
  if (id === undefined) {
    id = intern(`s${scopeId(scope.parent)}|${scope.scopePath.scopeName}|${scope.tokenAttributes}`);
    scopeIds.set(scope, id);
  }
  return id;
}

function stateId(state: StateFrame | null): number {
  if (!state) return 0;
  let id = stateIds.get(state);
  if (id === undefined) {
    const { ruleId, endRule, beginRuleCapturedEOL: eol } = state;
    id = intern(`r${stateId(state.parent)}|${ruleId}|${endRule}|${eol}|${scopeId(state.nameScopesList)}|${scopeId(state.contentNameScopesList)}`);
    stateIds.set(state, id);
  }
  return id;
}

/** TextMate's encoded token attributes: foreground colour index and font style bits. */
const foreground = (attrs: number) => (attrs & 0xff8000) >>> 15;
const fontStyleOf = (attrs: number) => (attrs & 0x7800) >>> 11;

function tokenizeLine(grammar: Grammar, line: string, state: StateStack, color: (index: number) => string): LineResult {
  // No time limit (shiki's default is 500 ms): on a loaded machine a line's first tokenization
  // can exceed it and come out half highlighted, so output would depend on load.
  const result = grammar.tokenizeLine2(line, state, 0);
  const tokens: LineResult['tokens'] = [];
  const count = result.tokens.length / 2;
  for (let j = 0; j < count; j++) {
    const start = result.tokens[2 * j];
    const next = j + 1 < count ? result.tokens[2 * j + 2] : line.length;
    if (start === next) continue;
    const attrs = result.tokens[2 * j + 1];
    tokens.push({ content: line.substring(start, next), color: color(foreground(attrs)), fontStyle: fontStyleOf(attrs) });
  }
  return { tokens, end: result.ruleStack };
}

/** A token as the markup needs it: its text, colour and font style. */
export type LineToken = Pick<ThemedToken, 'content' | 'color' | 'fontStyle'>;

/**
 * Each line's tokens, through the memo above. The tokens of a line seen before are the memo's
 * own objects, shared between blocks: read them, never change them.
 */
export function codeToLineTokens(hl: Highlighter, code: string, lang: string, themeName: string): LineToken[][] {
  if (isPlainLang(hl.resolveLangAlias(lang))) return hl.codeToTokens(code, { lang: lang as BundledLanguage, theme: themeName, tokenizeTimeLimit: 0 }).tokens;
  const { theme, colorMap } = hl.setTheme(themeName);
  const replacements = resolveColorReplacements(theme, {});
  const color = (index: number) => applyColorReplacements(colorMap[index], replacements) as string;
  const grammar = hl.getLanguage(lang);
  const prefix = `${themeName}\0${grammar.name ?? lang}\0`;
  let state: StateStack = null as unknown as StateStack;
  const out: LineToken[][] = [];
  for (const [line] of splitLines(code)) {
    if (line === '') {
      out.push([]);
      continue;
    }
    const key = `${prefix}${state ? stateId(state as unknown as StateFrame) : 0}\0${line}`;
    let known = lines.get(key);
    if (known) lines.delete(key);
    else {
      known = tokenizeLine(grammar, line, state, color);
      if (lines.size >= MAX_LINES) lines.delete(lines.keys().next().value!);
    }
    lines.set(key, known);
    out.push(known.tokens);
    state = known.end;
  }
  return out;
}
